// What the Channels panel shows for one item: its posts with their counters' starting figures,
// times in the team's zone, the best slot and what the member may do.
import { ALL_CHANNELS, CHANNEL_LABELS, isChannel, measurePost, type Channel } from "~/domain/channels/network-limits";
import { tagLink } from "~/domain/channels/links";
import type { ChannelPanelData } from "~/domain/channels/channel-panel";
import { channelFitsItem } from "~/domain/channels/social-posts";
import { slugify } from "~/domain/content-details";
import { formatZoned, utcToZonedInput } from "~/domain/channels/team-time";
import { can, canEditContent } from "~/domain/permissions";
import { channelSettings, connectedChannels, listChannelPosts } from "~/models/channel-post.server";
import { bestSlot } from "./channel-calendar.server";
import { reconnectReasons } from "~/models/integration.server";
import { figuresOfItem } from "~/models/post-figures.server";
import { FIGURES_PENDING, figuresLine } from "~/domain/channels/post-figures";
import { publicAddressWarning } from "~/web/public-url.server";
import { getApprovalRequest } from "~/models/approval.server";
import { scheduleMeaning } from "~/domain/channels/post-rules";

export async function channelPanelData(
  item: { id: string; title: string; type: string; slug?: string | null; status: string; authorId: string },
  user: { id: string; role: string },
  now = new Date(),
): Promise<ChannelPanelData> {
  const [posts, settings, connected, best, held, figures, request] = await Promise.all([
    listChannelPosts(item.id),
    channelSettings(),
    connectedChannels(),
    bestSlot(now),
    reconnectReasons(),
    figuresOfItem(item.id),
    getApprovalRequest(item.id),
  ]);
  const standing = { status: item.status, approvedToGo: item.status === "review" && request?.state === "approved" };
  const figuresOf = new Map(figures.map((f) => [f.channelPostId, f]));
  const tz = settings.timeZone;
  const slug = item.slug ?? slugify(item.title);
  const have = new Set(posts.map((p) => p.channel));
  return {
    itemId: item.id,
    timeZone: tz,
    siteUrl: settings.siteUrl,
    publicUrlWarning: publicAddressWarning(),
    canEdit: canEditContent(user, { authorId: item.authorId, status: item.status }),
    canOverride: can(user.role, "content.publish"),
    missing: ALL_CHANNELS.filter((c) => connected.has(c) && !have.has(c) && channelFitsItem(c, item.type)),
    best: best ? { local: best.local, label: `${formatZoned(best.at, tz)} (${best.name})` } : null,
    minLocal: utcToZonedInput(now, tz),
    posts: posts
      .filter((p) => isChannel(p.channel))
      .sort((a, b) => ALL_CHANNELS.indexOf(a.channel as Channel) - ALL_CHANNELS.indexOf(b.channel as Channel))
      .map((p) => {
        const channel = p.channel as (typeof ALL_CHANNELS)[number];
        const link =
          p.link && channel !== "website"
            ? tagLink(p.link, { siteUrl: settings.siteUrl, channel, slug, enabled: settings.utmTagging })
            : null;
        return {
          id: p.id,
          channel,
          label: CHANNEL_LABELS[channel],
          connected: connected.has(channel),
          text: p.text,
          link,
          imageUrl: p.imageUrl,
          status: p.status,
          scheduledLocal: p.scheduledAt ? utcToZonedInput(p.scheduledAt, tz) : "",
          scheduledLabel: p.scheduledAt ? formatZoned(p.scheduledAt, tz) : null,
          scheduledAt: p.scheduledAt?.toISOString() ?? null,
          scheduleNote: p.status === "scheduled" && p.scheduledAt ? scheduleMeaning(standing, formatZoned(p.scheduledAt, tz)) : null,
          publishedLabel: p.publishedAt ? formatZoned(p.publishedAt, tz) : null,
          lastError: p.lastError,
          externalUrl: p.externalUrl,
          heldReason: held.get(channel) ?? null,
          attempts: p.attempts,
          measure: measurePost(channel, p.text, link),
          figures: figuresView(figuresOf.get(p.id), now),
        };
      }),
  };
}

type Figures = Awaited<ReturnType<typeof figuresOfItem>>[number];

/** What the card says about the network's counts: the last pull's, or when they will come. */
function figuresView(f: Figures | undefined, now: Date) {
  if (!f) return null;
  if (!f.pulledAt) return { line: FIGURES_PENDING, pulled: false, problem: f.lastError };
  return { line: figuresLine(f, f.pulledAt, now), pulled: true, problem: f.lastError };
}

// Channel posts as the editor and the calendar use them: create every channel's variant, edit,
// schedule (brand-voice threshold like publishing), unschedule, move and retry (decision 020).
import { memberActor } from "~/domain/audit";
import { recordAudit } from "~/models/audit.server";
import { meetsThreshold, scoreLocal } from "~/domain/assistant/score";
import { postUrl } from "~/domain/channels/links";
import { slugify } from "~/domain/content-details";
import { CHANNEL_LABELS, isChannel, type Channel } from "~/domain/channels/network-limits";
import { checkEditable, checkMarkPosted, checkRetry, checkSchedule, checkText, type RuleRefusal } from "~/domain/channels/post-rules";
import { zonedToUtc } from "~/domain/channels/team-time";
import { channelFitsItem, isPostType, postTextFromBody } from "~/domain/channels/social-posts";
import { variantText } from "~/domain/channels/variants";
import { belowThresholdMessage } from "~/domain/lifecycle";
import { editRefusal } from "~/domain/permissions";
import { authorize } from "~/web/authorize.server";
import { getBrandVoice } from "~/models/assistant.server";
import { channelSettings, connectedChannels, getChannelPost, itemForVariants } from "~/models/channel-post.server";
import {
  channelsWithPosts,
  createChannelPost,
  createChannelPosts,
  findChannelPost,
  logPostActivity,
  setPostPostedByHand,
  setPostRetrying,
  setPostScheduled,
  setPostText,
  setPostUnscheduled,
} from "~/models/channel-post-write.server";
import { linkSourceOf } from "~/models/content.server";
import { wakePublishScheduler } from "~/db/wake.server";
import { storeCardImage } from "./uploads.server";

type Member = { id: string; role: string; name: string };
export type PostRefusal =
  | RuleRefusal
  | { ok: false; kind: "forbidden" | "not-found"; field: null; error: string }
  | { ok: false; kind: "conflict"; field: null; error: string; belowThreshold: { score: number; threshold: number } };
export type PostResult = { ok: true; id?: string } | PostRefusal;

const notFound = (): PostRefusal => ({ ok: false, kind: "not-found", field: null, error: "That channel post does not exist." });
const forbidden = (error: string): PostRefusal => ({ ok: false, kind: "forbidden", field: null, error });

/** The post's address on the site: the item's slug, or one made from its title until it has one. */
export const siteLink = (siteUrl: string, item: { slug: string | null; title: string }) =>
  siteUrl ? postUrl(siteUrl, item.slug ?? slugify(item.title)) : null;

/** Creates the missing posts (website and each connected integration) from the item, all at once. */
export async function createVariants(contentId: string, user: Member): Promise<PostResult & { created?: number }> {
  const item = await itemForVariants(contentId);
  if (!item) return { ok: false, kind: "not-found", field: null, error: "That content item does not exist." };
  const refusal = editRefusal(user, item);
  if (refusal) return forbidden(refusal);
  return { ok: true, created: await writeVariants(item, user.id, { website: true }) };
}

/**
 * Auto-post: a post for each connected network that has none yet, written from the item exactly as
 * "Create channel posts" writes it (within each network's limits). The website is left to members.
 * Publishing calls it; it checks no edit permission because publishing was already allowed.
 */
export async function createAutoPosts(contentId: string, actorId: string | null, now?: Date): Promise<number> {
  const item = await itemForVariants(contentId);
  if (!item) return 0;
  return writeVariants(item, actorId ?? item.authorId, { website: false }, now);
}

type VariantSource = NonNullable<Awaited<ReturnType<typeof itemForVariants>>>;

async function writeVariants(item: VariantSource, createdById: string, include: { website: boolean }, now?: Date): Promise<number> {
  const contentId = item.id;
  const [settings, connected, have] = await Promise.all([channelSettings(), connectedChannels(), channelsWithPosts(contentId)]);
  const link = siteLink(settings.siteUrl, item);
  const source = { title: item.title, body: item.body, excerpt: item.excerpt, tags: item.tags.map((t) => t.name) };
  const visual = item.visuals[0]?.id;
  // A social or caption item is itself the post: the networks get its text, the website no page.
  const post = isPostType(item.type) && item.body.trim() ? item.body : null;
  const channels = [...connected].filter(
    (c): c is Channel => isChannel(c) && (include.website || c !== "website") && !have.has(c) && channelFitsItem(c, item.type),
  );
  if (channels.length === 0) return 0;
  // The card as a public upload, so a webhook receiver (Zapier, Make, n8n) can fetch it without signing in.
  const card = async (size: "link" | "square") => (visual ? storeCardImage(visual, size, createdById) : null);
  const images = { link: await card("link"), square: channels.includes("instagram") ? await card("square") : null };
  await createChannelPosts(
    channels.map((channel) => ({
      contentId,
      channel,
      text:
        post && channel !== "website" ? postTextFromBody(post, channel) : variantText(source, channel, channel === "website" ? null : link),
      link: post ? null : link,
      imageUrl: channel === "instagram" ? images.square : images.link,
      createdById,
      ...(now ? { createdAt: now } : {}),
    })),
    {
      type: "edit",
      action: `planned ${channels.length} channel post${channels.length === 1 ? "" : "s"}${include.website ? "" : " (auto-post)"}`,
      target: item.title,
      userId: createdById,
      contentId,
    },
  );
  return channels.length;
}

/** The link a caption for this item and channel goes out with: its post's, else the article's address on the site. */
export async function captionLink(contentId: string, channel: Channel): Promise<string | null> {
  const [post, item, settings] = await Promise.all([findChannelPost(contentId, channel), linkSourceOf(contentId), channelSettings()]);
  if (post) return post.link;
  // A social or caption item is itself the post: it links to no page (like createVariants).
  return item && !isPostType(item.type) ? siteLink(settings.siteUrl, item) : null;
}

/**
 * Generate Caption's "Save": the caption becomes the item's post for that channel (created with the
 * link and card like the Channels panel's, or its text replaced), refused like an edit there.
 */
export async function saveCaptionAsPost(
  contentId: string,
  channel: Channel,
  text: string,
  user: Member,
): Promise<{ ok: true; id: string; created: boolean; status: string } | PostRefusal> {
  const item = await itemForVariants(contentId);
  if (!item) return { ok: false, kind: "not-found", field: null, error: "That content item does not exist." };
  const refusal = editRefusal(user, item);
  if (refusal) return forbidden(refusal);
  const existing = await findChannelPost(contentId, channel);
  if (existing) {
    const updated = await updatePostText(existing.id, text, user);
    if (!updated.ok) return updated;
    const { status } = (await findChannelPost(contentId, channel)) ?? existing;
    return { ok: true, id: existing.id, created: false, status };
  }
  if (!(await connectedChannels()).has(channel))
    return {
      ok: false,
      kind: "conflict",
      field: "channel",
      error: `${CHANNEL_LABELS[channel]} is not connected. Connect it in Settings › Integrations first.`,
    };
  const link = isPostType(item.type) ? null : siteLink((await channelSettings()).siteUrl, item);
  const fits = checkText(channel, text, channel === "website" ? null : link);
  if (!fits.ok) return fits;
  const visual = item.visuals[0]?.id;
  const imageUrl = visual ? await storeCardImage(visual, channel === "instagram" ? "square" : "link", user.id) : null;
  const id = await createChannelPost(
    { contentId, channel, text, link, imageUrl, createdById: user.id },
    { type: "edit", action: `planned the ${channel} post`, target: item.title, userId: user.id, contentId },
  );
  return { ok: true, id, created: true, status: "draft" };
}

async function loadForChange(id: string, user: Member) {
  const post = await getChannelPost(id);
  if (!post) return { refusal: notFound() } as const;
  const refusal = editRefusal(user, post.content);
  if (refusal) return { refusal: forbidden(refusal) } as const;
  if (!isChannel(post.channel)) return { refusal: notFound() } as const;
  return { post: { ...post, channel: post.channel } } as const;
}

export async function updatePostText(id: string, text: string, user: Member): Promise<PostResult> {
  const loaded = await loadForChange(id, user);
  if ("refusal" in loaded) return loaded.refusal!;
  const { post } = loaded;
  const editable = checkEditable(post);
  if (!editable.ok) return editable;
  const fits = checkText(post.channel, text, post.channel === "website" ? null : post.link);
  if (!fits.ok) return fits;
  await setPostText(id, post.status, text);
  return { ok: true, id };
}

/**
 * Schedules (or reschedules) a post for a wall time in the team's zone. Like approving, it needs
 * the brand-voice threshold; an Editor or Admin may override it explicitly.
 */
export async function schedulePost(
  id: string,
  local: string,
  user: Member,
  /** `act`: what the override would do, in the refusal's words (the calendar moves a post). */
  options: { override?: boolean; now?: Date; act?: "schedule" | "move" } = {},
): Promise<PostResult> {
  const now = options.now ?? new Date();
  const loaded = await loadForChange(id, user);
  if ("refusal" in loaded) return loaded.refusal!;
  const { post } = loaded;
  const settings = await channelSettings();
  const parsed = zonedToUtc(local, settings.timeZone);
  if (!parsed.ok) return { ok: false, kind: "invalid", field: "scheduledAt", error: parsed.error };
  const connected = (await connectedChannels()).has(post.channel);
  const check = checkSchedule({ ...post, link: post.channel === "website" ? null : post.link }, parsed.at, now, connected);
  if (!check.ok) return check;
  const voice = await getBrandVoice();
  const score = scoreLocal(post.content.body, voice).score;
  if (!meetsThreshold(score, voice)) {
    const belowThreshold = { score, threshold: voice.threshold };
    if (!options.override)
      return {
        ok: false,
        kind: "conflict",
        field: null,
        error: belowThresholdMessage(belowThreshold, options.act ?? "schedule"),
        belowThreshold,
      };
    authorize(user, "content.publish", { note: "Scheduling below the brand-voice threshold takes that right." });
  }
  if (!(await setPostScheduled(id, post.status, parsed.at)))
    return { ok: false, kind: "conflict", field: null, error: "This post changed just now. Reload to see it." };
  await logPostActivity({
    type: "schedule",
    action: `scheduled the ${post.channel} post for ${parsed.at.toISOString().slice(0, 16).replace("T", " ")} UTC`,
    target: post.content.title,
    userId: user.id,
    contentId: post.contentId,
  });
  wakePublishScheduler();
  return { ok: true, id };
}

/** Back to draft: it will go out when the item is published. */
export async function unschedulePost(id: string, user: Member): Promise<PostResult> {
  const loaded = await loadForChange(id, user);
  if ("refusal" in loaded) return loaded.refusal!;
  if (loaded.post.status !== "scheduled") return { ok: false, kind: "conflict", field: null, error: "This post is not scheduled." };
  await setPostUnscheduled(id);
  wakePublishScheduler();
  return { ok: true, id };
}

/** A failed post goes out again now, with the same delivery key (a receiver drops a repeat). */
export async function retryPost(id: string, user: Member, now = new Date()): Promise<PostResult> {
  const loaded = await loadForChange(id, user);
  if ("refusal" in loaded) return loaded.refusal!;
  const check = checkRetry(loaded.post);
  if (!check.ok) return check;
  if (!(await connectedChannels()).has(loaded.post.channel))
    return { ok: false, kind: "conflict", field: "channel", error: `${loaded.post.channel} is no longer connected. Connect it first.` };
  await setPostRetrying(id, now);
  wakePublishScheduler();
  return { ok: true, id };
}

/**
 * A member posted it by hand: it counts as published from now, at the address they give (measured
 * like the others). Only a post waiting to be posted by hand; a second mark is refused (409).
 */
export async function markPostedByHand(id: string, url: string, user: Member, now = new Date()): Promise<PostResult> {
  const loaded = await loadForChange(id, user);
  if ("refusal" in loaded) return loaded.refusal!;
  const check = checkMarkPosted(loaded.post);
  if (!check.ok) return check;
  if (!(await setPostPostedByHand(id, url, now)))
    return { ok: false, kind: "conflict", field: null, error: "This post changed meanwhile; reload to see it." };
  await logPostActivity({
    type: "edit",
    action: `marked the ${CHANNEL_LABELS[loaded.post.channel]} post as posted`,
    target: loaded.post.content.title,
    userId: user.id,
    contentId: loaded.post.contentId,
  });
  await recordAudit({
    actor: memberActor(user),
    action: "channel-post.marked-posted",
    object: { type: "channel-post", id, title: `${loaded.post.content.title} · ${CHANNEL_LABELS[loaded.post.channel]}` },
    after: { status: "published", url },
  });
  return { ok: true, id };
}

// Data access for channel posts: one item's post per channel (decision 020).
import { thisWorkspace } from "~/db/workspace-keys.server";
import { Prisma } from "@prisma/client";
import { z } from "zod/v4";
import { col, parseRows } from "~/db/db-row.server";
import { prisma } from "~/db/db.server";
import { isPostType, socialPostChanges } from "~/domain/channels/social-posts";
import { listings } from "~/db/listings.server";

export const POST_SELECT = {
  id: true,
  contentId: true,
  channel: true,
  text: true,
  link: true,
  imageUrl: true,
  status: true,
  scheduledAt: true,
  publishedAt: true,
  externalId: true,
  externalUrl: true,
  attempts: true,
  nextAttemptAt: true,
  lastError: true,
  deliveryKey: true,
  leaseUntil: true,
} as const;

export function listChannelPosts(contentId: string) {
  return prisma.channelPost.findMany({ where: { contentId }, select: POST_SELECT, orderBy: { createdAt: "asc" } });
}

export function getChannelPost(id: string) {
  return prisma.channelPost.findUnique({
    where: { id },
    select: { ...POST_SELECT, content: { select: { id: true, title: true, status: true, authorId: true, body: true, slug: true } } },
  });
}

/** The team's channel settings (one Settings row). */
export async function channelSettings() {
  const s = await prisma.settings.findUnique({
    where: thisWorkspace(),
    select: { teamName: true, timeZone: true, siteUrl: true, utmTagging: true, scheduleOptimalTiming: true, autoPost: true },
  });
  return s ?? { teamName: "", timeZone: "UTC", siteUrl: "", utmTagging: true, scheduleOptimalTiming: false, autoPost: false };
}

/** The website channel's webhook (Settings), or nulls: then website posts wait to be posted by hand. Server-side only. */
export async function websiteWebhook(): Promise<{ url: string | null; secret: string | null }> {
  const s = await prisma.settings.findUnique({ where: thisWorkspace(), select: { websiteWebhookUrl: true, websiteWebhookSecret: true } });
  return { url: s?.websiteWebhookUrl || null, secret: s?.websiteWebhookSecret || null };
}

/** Connected channels: the website always, and every connected integration. */
export async function connectedChannels(): Promise<Set<string>> {
  const rows = await prisma.integration.findMany({ where: { connected: true }, select: { id: true } });
  return new Set(["website", ...rows.map((r) => r.id)]);
}

/**
 * After an agent changed a social or caption item's body, its channel posts follow it: a post for each
 * connected network, cut to its limit; posts a person edited, scheduled or published stay as they are.
 */
export async function fillSocialPosts(
  tx: Prisma.TransactionClient,
  item: { id: string; type: string },
  change: { before: string; after: string; actorId: string },
): Promise<number> {
  if (!isPostType(item.type) || change.before === change.after) return 0;
  const [integrations, existing] = await Promise.all([
    tx.integration.findMany({ where: { connected: true }, select: { id: true } }),
    tx.channelPost.findMany({ where: { contentId: item.id }, select: { channel: true, status: true, text: true } }),
  ]);
  const changes = socialPostChanges(
    change.before,
    change.after,
    integrations.map((r) => r.id),
    existing,
  );
  for (const { channel, kind, text } of changes) {
    if (kind === "create") await tx.channelPost.create({ data: { contentId: item.id, channel, text, createdById: change.actorId } });
    else await tx.channelPost.updateMany({ where: { contentId: item.id, channel, status: "draft" }, data: { text } });
  }
  return changes.length;
}

export function itemForVariants(contentId: string) {
  return prisma.contentItem.findUnique({
    where: { id: contentId },
    select: {
      id: true,
      title: true,
      type: true,
      body: true,
      excerpt: true,
      slug: true,
      status: true,
      authorId: true,
      tags: { select: { name: true }, orderBy: { position: "asc" } },
      visuals: { select: { id: true }, orderBy: { createdAt: "desc" }, take: 1 },
    },
  });
}

export type ChannelPostRow = Awaited<ReturnType<typeof listChannelPosts>>[number];

/** What the Channels panel needs to know about the item. */
export function getChannelItem(id: string) {
  return prisma.contentItem.findUnique({
    where: { id },
    select: { id: true, title: true, type: true, slug: true, status: true, authorId: true },
  });
}

const CalendarPostRow = z.object({
  id: col.text,
  channel: col.text,
  status: col.text,
  at: col.date,
  lastError: z.string().nullable(),
  contentId: col.text,
  title: col.text,
});

/**
 * The calendar's posts: dated when they went out, else when they are scheduled, within [start, end).
 * A hot read (decisions 011, 017): the calendar's measured hot path, 5,000 posts a month.
 */
export async function calendarPosts(range: { start: Date; end: Date }, filter: { channel: string; status: string; author: string }) {
  return parseRows(CalendarPostRow, await listings().calendarPostRows(range, filter));
}

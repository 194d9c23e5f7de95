// Data access for channel posts: one item's post per channel (decision 020).
import { prisma } from "~/db.server";

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
    where: { id: 1 },
    select: { teamName: true, timeZone: true, siteUrl: true, utmTagging: true, scheduleOptimalTiming: true },
  });
  return s ?? { teamName: "", timeZone: "UTC", siteUrl: "", utmTagging: true, scheduleOptimalTiming: false };
}

/** Connected channels: the website always, and every connected integration. */
export async function connectedChannels(): Promise<Set<string>> {
  const rows = await prisma.integration.findMany({ where: { connected: true }, select: { id: true } });
  return new Set(["website", ...rows.map((r) => r.id)]);
}

export function itemForVariants(contentId: string) {
  return prisma.contentItem.findUnique({
    where: { id: contentId },
    select: {
      id: true,
      title: true,
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
  return prisma.contentItem.findUnique({ where: { id }, select: { id: true, title: true, slug: true, status: true, authorId: true } });
}

// Writes to channel posts for the editor, the calendar and captions (app/services/channel-posts.server.ts).
// Every status change names the status it expects, so two members acting at once cannot both win.
import { prisma } from "~/db/db.server";
import { logActivity } from "./content-write.server";
import { batchOf, createInTransaction, recordClaim } from "./idempotency.server";

type Activity = { type: string; action: string; target: string; userId: string; contentId: string };
type NewPost = {
  contentId: string;
  channel: string;
  text: string;
  link: string | null;
  imageUrl: string | null;
  createdById: string;
  /** Publishing's own posts are dated at the publish (a review link tells them from what was reviewed). */
  createdAt?: Date;
};

/** The channels an item already has a post for. */
export async function channelsWithPosts(contentId: string): Promise<Set<string>> {
  const rows = await prisma.channelPost.findMany({ where: { contentId }, select: { channel: true } });
  return new Set(rows.map((p) => p.channel));
}

/** Creates posts and logs the activity in one transaction. */
export async function createChannelPosts(posts: NewPost[], activity: Activity): Promise<void> {
  await createInTransaction(async (tx) => {
    await tx.channelPost.createMany({ data: posts });
    await logActivity(tx, activity);
    await recordClaim(tx, batchOf(posts[0]?.contentId ?? "", posts.length));
  });
}

/** Creates one post and logs the activity in one transaction; returns its id. */
export function createChannelPost(post: NewPost, activity: Activity): Promise<string> {
  return createInTransaction(async (tx) => {
    const { id } = await tx.channelPost.create({ data: post, select: { id: true } });
    await logActivity(tx, activity);
    await recordClaim(tx, id);
    return id;
  });
}

export function findChannelPost(contentId: string, channel: string) {
  return prisma.channelPost.findUnique({
    where: { contentId_channel: { contentId, channel } },
    select: { id: true, link: true, status: true },
  });
}

/** New text; a failed post goes back to draft with a new delivery key when sent (new text is a new post). */
export function setPostText(id: string, from: string, text: string) {
  return prisma.channelPost.updateMany({
    where: { id, status: from },
    data: { text, ...(from === "failed" ? { status: "draft", lastError: null, attempts: 0, deliveryKey: null } : {}) },
  });
}

export async function setPostScheduled(id: string, from: string, at: Date): Promise<boolean> {
  const moved = await prisma.channelPost.updateMany({
    where: { id, status: from },
    data: { status: "scheduled", scheduledAt: at, nextAttemptAt: null, lastError: null, attempts: 0 },
  });
  return moved.count > 0;
}

export function setPostUnscheduled(id: string) {
  return prisma.channelPost.updateMany({ where: { id, status: "scheduled" }, data: { status: "draft", scheduledAt: null } });
}

export function setPostRetrying(id: string, now: Date) {
  return prisma.channelPost.updateMany({
    where: { id, status: "failed" },
    data: { status: "publishing", attempts: 0, nextAttemptAt: now, leaseUntil: null },
  });
}

export async function setPostPostedByHand(id: string, url: string, now: Date): Promise<boolean> {
  const changed = await prisma.channelPost.updateMany({
    where: { id, status: "manual" },
    data: { status: "published", publishedAt: now, externalUrl: url, externalId: url, lastError: null },
  });
  return changed.count > 0;
}

export function logPostActivity(activity: Activity) {
  return logActivity(prisma, activity);
}

// The data side of channel delivery (decision 020): queueing, the due posts claimed under one lease (decision 069),
// the delivery rows and status changes each outcome makes, and when to look next.
import { Prisma } from "@prisma/client";
import { randomUUID } from "node:crypto";
import { prisma } from "~/db/db.server";
import { claimDue, LEASED } from "~/db/job-lease.server";
import { promoteDuePosts } from "~/db/promote-due-posts.server";
import type { AuditInput } from "~/domain/audit";
import { recordAudit } from "./audit.server";

export const CLAIMED_SELECT = {
  id: true,
  contentId: true,
  channel: true,
  text: true,
  link: true,
  imageUrl: true,
  scheduledAt: true,
  attempts: true,
  deliveryKey: true,
  containerId: true,
  createdById: true,
  content: { select: { id: true, title: true, slug: true, body: true, publishedAt: true, authorId: true } },
} as const;
export type ClaimedPost = Prisma.ChannelPostGetPayload<{ select: typeof CLAIMED_SELECT }>;

/** What one outcome writes, in the transaction that records it. */
export interface OutcomeWrite {
  postId: string;
  post: Prisma.ChannelPostUpdateInput;
  delivery?: Prisma.PublishDeliveryUncheckedCreateInput;
  audit?: AuditInput;
}

/**
 * The item was published: every draft post with text goes now, and every scheduled post whose time
 * has passed (dated now when it had no time, so the calendar shows it on that day). Returns their channels.
 */
export async function queuePostsOf(contentId: string, now: Date): Promise<string[]> {
  const posts = await prisma.channelPost.findMany({
    where: {
      contentId,
      OR: [
        { status: "draft", text: { not: "" } },
        { status: "scheduled", scheduledAt: { lte: now } },
      ],
    },
    select: { id: true, deliveryKey: true, channel: true, scheduledAt: true },
  });
  for (const p of posts)
    await prisma.channelPost.update({
      where: { id: p.id },
      data: {
        status: "publishing",
        scheduledAt: p.scheduledAt ?? now,
        nextAttemptAt: now,
        attempts: 0,
        deliveryKey: p.deliveryKey ?? `cp_${p.id}_${randomUUID()}`,
      },
    });
  return posts.map((p) => p.channel);
}

/** The channels whose posts for the item are on their way (publishing: waiting for the delivery job, or retrying). */
export async function queuedChannelsOf(contentId: string): Promise<string[]> {
  const rows = await prisma.channelPost.findMany({ where: { contentId, status: "publishing" }, select: { channel: true } });
  return rows.map((r) => r.channel);
}

/** Scheduled posts whose time has come, on items already published, become publishing jobs (one statement). */
export function promoteDueScheduled(now: Date): Promise<void> {
  return promoteDuePosts(now);
}

/** Every integration as delivery needs it (whether it holds a network token, not the token). */
export async function deliveryIntegrations() {
  const rows = await prisma.integration.findMany({
    select: {
      id: true,
      name: true,
      connected: true,
      handle: true,
      webhookUrl: true,
      webhookSecret: true,
      accessTokenEnc: true,
      reconnectReason: true,
    },
  });
  return rows.map(({ accessTokenEnc, ...r }) => ({ ...r, native: !!accessTokenEnc }));
}

/** Channels whose connection needs reconnecting: their posts wait (not failed, not retried) until it is. */
export async function heldChannels(): Promise<string[]> {
  const rows = await prisma.integration.findMany({ where: { reconnectReason: { not: null } }, select: { id: true } });
  return rows.map((r) => r.id);
}

/** The network's container for the post, kept before it is published (decision 051). */
export async function setPostContainer(id: string, containerId: string): Promise<void> {
  await prisma.channelPost.update({ where: { id }, data: { containerId } });
}

export async function setPostImage(id: string, imageUrl: string | null): Promise<void> {
  await prisma.channelPost.update({ where: { id }, data: { imageUrl } });
}

/**
 * Claims up to `batch` due posts through the one job claim (decision 069), their lease ending at
 * `token` (picked per pass, so it tells passes apart), each claimed attempt counted.
 */
export async function claimDuePosts(now: Date, held: string[], batch: number, token: Date): Promise<ClaimedPost[]> {
  const notHeld = held.length ? Prisma.sql` AND "channel" NOT IN (${Prisma.join(held)})` : Prisma.empty;
  const ids = await claimDue(LEASED.channelPost, {
    due: (at) =>
      Prisma.sql`"status" = 'publishing' AND "nextAttemptAt" <= ${at}${notHeld}
        AND "contentId" IN (SELECT "id" FROM "ContentItem" WHERE "status" = 'published')`,
    orderBy: Prisma.sql`"nextAttemptAt"`,
    limit: batch,
    now,
    until: token,
    set: Prisma.sql`"attempts" = "attempts" + 1`,
  });
  if (ids.length === 0) return [];
  return prisma.channelPost.findMany({ where: { id: { in: ids } }, orderBy: { nextAttemptAt: "asc" }, select: CLAIMED_SELECT });
}

/** The delivery keys among `keys` that a receiver already took. */
export async function deliveredKeys(keys: string[]): Promise<Set<string>> {
  const rows = await prisma.publishDelivery.findMany({ where: { idempotencyKey: { in: keys } }, select: { idempotencyKey: true } });
  return new Set(rows.map((d) => d.idempotencyKey));
}

/** Each outcome's delivery row, status change and audit row, all in one transaction. */
export async function recordOutcomes(writes: OutcomeWrite[], now: Date): Promise<void> {
  await prisma.$transaction(async (tx) => {
    for (const w of writes) {
      if (w.delivery) await tx.publishDelivery.create({ data: w.delivery });
      await tx.channelPost.update({ where: { id: w.postId }, data: w.post });
      if (w.audit) await recordAudit(w.audit, tx, now);
    }
  });
}

/** When the scheduler should look next for channel posts: a retry's backoff, a lease's end, a scheduled time. */
export async function nextChannelPostDue(): Promise<Date | null> {
  const held = await heldChannels();
  const [retry, lease, scheduled] = await Promise.all([
    // A held post is due again when its lease ends, not at its passed attempt time (no busy loop meanwhile).
    prisma.channelPost.aggregate({
      where: { status: "publishing", content: { status: "published" }, channel: { notIn: held }, leaseUntil: null },
      _min: { nextAttemptAt: true },
    }),
    prisma.channelPost.aggregate({ where: { status: "publishing", content: { status: "published" } }, _min: { leaseUntil: true } }),
    prisma.channelPost.aggregate({ where: { status: "scheduled", content: { status: "published" } }, _min: { scheduledAt: true } }),
  ]);
  const times = [retry._min.nextAttemptAt, lease._min.leaseUntil, scheduled._min.scheduledAt].filter((d): d is Date => !!d);
  return times.length ? new Date(Math.min(...times.map((d) => d.getTime()))) : null;
}

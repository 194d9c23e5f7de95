// The data side of channel delivery (decision 020): queueing, the due posts claimed under one lease,
// the delivery rows and status changes each outcome makes, and when to look next.
import type { Prisma } from "@prisma/client";
import { randomUUID } from "node:crypto";
import { toDbDate } from "~/db/db-row.server";
import { prisma } from "~/db/db.server";
import { onPostgres } from "~/db/engine.server";
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
export async function promoteDueScheduled(now: Date): Promise<void> {
  // Raw SQL (decision 017): Prisma cannot set one column from another (nextAttemptAt = scheduledAt).
  if (onPostgres()) {
    await prisma.$executeRaw`
      UPDATE "ChannelPost" SET "status" = 'publishing', "nextAttemptAt" = "scheduledAt",
        "deliveryKey" = COALESCE("deliveryKey", 'cp_' || "id" || '_' || substr(replace(gen_random_uuid()::text, '-', ''), 1, 16))
      WHERE "status" = 'scheduled' AND "scheduledAt" <= ${now}
        AND "contentId" IN (SELECT "id" FROM "ContentItem" WHERE "status" = 'published')`;
    return;
  }
  await prisma.$executeRaw`
    UPDATE ChannelPost SET status = 'publishing', nextAttemptAt = scheduledAt,
      deliveryKey = COALESCE(deliveryKey, 'cp_' || id || '_' || lower(hex(randomblob(8))))
    WHERE status = 'scheduled' AND scheduledAt <= ${toDbDate(now)}
      AND contentId IN (SELECT id FROM ContentItem WHERE status = 'published')`;
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

const leaseFree = (now: Date) => ({ OR: [{ leaseUntil: null }, { leaseUntil: { lte: now } }] });

/**
 * Claims up to `batch` due posts with one lease (`token`, the time it ends) and reads back the ones
 * its update took; `due` says how many were due (a full batch means there may be more).
 */
export async function claimDuePosts(
  now: Date,
  held: string[],
  batch: number,
  token: Date,
): Promise<{ due: number; claimed: ClaimedPost[] }> {
  const due = await prisma.channelPost.findMany({
    where: {
      status: "publishing",
      nextAttemptAt: { lte: now },
      content: { status: "published" },
      channel: { notIn: held },
      ...leaseFree(now),
    },
    orderBy: { nextAttemptAt: "asc" },
    take: batch,
    select: { id: true },
  });
  if (due.length === 0) return { due: 0, claimed: [] };
  // The rows this update changed are this pass's: another pass may have picked the same lease time.
  const took = await prisma.channelPost.updateManyAndReturn({
    where: { id: { in: due.map((d) => d.id) }, status: "publishing", ...leaseFree(now) },
    data: { leaseUntil: token, attempts: { increment: 1 } },
    select: { id: true },
  });
  const claimed = await prisma.channelPost.findMany({ where: { id: { in: took.map((t) => t.id) } }, select: CLAIMED_SELECT });
  return { due: due.length, claimed };
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
    prisma.channelPost.aggregate({
      where: { status: "publishing", content: { status: "published" }, channel: { notIn: held } },
      _min: { nextAttemptAt: true },
    }),
    prisma.channelPost.aggregate({ where: { status: "publishing", content: { status: "published" } }, _min: { leaseUntil: true } }),
    prisma.channelPost.aggregate({ where: { status: "scheduled", content: { status: "published" } }, _min: { scheduledAt: true } }),
  ]);
  const times = [retry._min.nextAttemptAt, lease._min.leaseUntil, scheduled._min.scheduledAt].filter((d): d is Date => !!d);
  return times.length ? new Date(Math.min(...times.map((d) => d.getTime()))) : null;
}

// The pull schedule of a network's counts per post (decision 050): the ChannelPostFigures row is the
// job (nextPullAt, a lease), claimed as every job is (decision 069); a pull's counts and the
// day they add to the per-channel analytics are written in one transaction.
import { Prisma } from "@prisma/client";
import { prisma } from "~/db/db.server";
import { claimDue, LEASED } from "~/db/job-lease.server";
import { FIGURES } from "~/domain/platform-metrics";
import { lifetimeFigures, todayFrom, type PostCounts } from "~/domain/channels/post-figures";
import { writeDay } from "./platform-metrics.server";

const CLAIMED = {
  channelPostId: true,
  channel: true,
  post: { select: { id: true, contentId: true, channel: true, externalId: true, publishedAt: true } },
} as const;

export type DueFigures = { channelPostId: string; channel: string; post: ClaimedPost };
type ClaimedPost = { id: string; contentId: string; channel: string; externalId: string | null; publishedAt: Date | null };

/** Claims up to `batch` due pulls through the one job claim (decision 069), their lease ending at `token` (picked per pass). */
export async function claimDueFigures(now: Date, batch: number, token: Date): Promise<DueFigures[]> {
  const ids = await claimDue(LEASED.channelPostFigures, {
    due: (at) => Prisma.sql`"nextPullAt" <= ${at}`,
    orderBy: Prisma.sql`"nextPullAt"`,
    limit: batch,
    now,
    until: token,
  });
  if (ids.length === 0) return [];
  return prisma.channelPostFigures.findMany({ where: { channelPostId: { in: ids } }, orderBy: { nextPullAt: "asc" }, select: CLAIMED });
}

/**
 * The network's lifetime counts for a post: kept on its figures row, and today's daily figures set
 * so that its days add up to them (the per-channel analytics read the days). One transaction.
 */
export async function recordPulled(post: ClaimedPost, counts: PostCounts, now: Date, next: Date | null) {
  const day = now.toISOString().slice(0, 10);
  await prisma.$transaction(async (tx) => {
    const days = await tx.channelPostMetric.findMany({ where: { channelPostId: post.id } });
    const zero = { impressions: 0, likes: 0, comments: 0, shares: 0, clicks: 0 };
    const others = { ...zero };
    for (const d of days) if (d.day !== day) for (const f of FIGURES) others[f] += d[f];
    const stored = days.find((d) => d.day === day);
    const current = stored ? Object.fromEntries(FIGURES.map((f) => [f, stored[f]])) : zero;
    const today = todayFrom(lifetimeFigures(counts), others, current as typeof zero);
    await writeDay(tx, post, { day, ...today }, "pull");
    await tx.channelPostFigures.update({
      where: { channelPostId: post.id },
      // A count this pull did not give (X's link clicks after 30 days) keeps the last one it gave.
      data: { ...givenCounts(counts), pulledAt: now, nextPullAt: next, leaseUntil: null, lastError: null },
    });
  });
}

const givenCounts = (counts: PostCounts) => Object.fromEntries(Object.entries(counts).filter(([, n]) => n !== null));

/** A pull that did not happen (or found nothing): why, and when the next one is. */
export async function recordNotPulled(postId: string, reason: string, next: Date | null) {
  await prisma.channelPostFigures.update({
    where: { channelPostId: postId },
    data: { lastError: reason, nextPullAt: next, leaseUntil: null },
  });
}

/** When the puller should look next: a due pull, or a lease's end. */
export async function nextFiguresDue(): Promise<Date | null> {
  const [pull, lease] = await Promise.all([
    // A held pull is due again when its lease ends, not at its passed time (no busy loop meanwhile).
    prisma.channelPostFigures.aggregate({ where: { nextPullAt: { not: null }, leaseUntil: null }, _min: { nextPullAt: true } }),
    prisma.channelPostFigures.aggregate({ where: { leaseUntil: { not: null } }, _min: { leaseUntil: true } }),
  ]);
  const times = [pull._min.nextPullAt, lease._min.leaseUntil].filter((d): d is Date => !!d);
  return times.length ? new Date(Math.min(...times.map((d) => d.getTime()))) : null;
}

/** The figures of an item's posts, for the Channels panel. */
export async function figuresOfItem(contentId: string) {
  return prisma.channelPostFigures.findMany({
    where: { post: { contentId } },
    select: {
      channelPostId: true,
      likes: true,
      reposts: true,
      replies: true,
      quotes: true,
      impressions: true,
      clicks: true,
      pulledAt: true,
      nextPullAt: true,
      lastError: true,
    },
  });
}

// Per-channel totals for a range (decision 021): the website from the analytics rollup (the tracker's
// views, engaged views and the shares networks report), each channel from ChannelMetricDaily (its
// reported figures and short-link clicks): a few rows a day. Raw SQL through Prisma: a UNION of sums (decision 017).
import { Prisma } from "@prisma/client";
import { z } from "zod/v4";
import { prisma } from "~/db/db.server";
import { col, parseRows } from "~/db/db-row.server";
import type { ChannelTotals } from "~/domain/channel-breakdown";
import { isoDay, type DayRange } from "~/domain/dates";
import { readsTraffic } from "~/db/page-reads.server";

const DAY_MS = 86_400_000;
const Row = z.object({ channel: col.text, views: col.sum, clicks: col.sum, shares: col.sum, engaged: col.sum });

export async function channelTotals(range: DayRange): Promise<ChannelTotals[]> {
  readsTraffic();
  const first = isoDay(range.start);
  const end = isoDay(range.end);
  const rows = await prisma.$queryRaw<unknown[]>(Prisma.sql`
    SELECT "channel", SUM("views") AS "views", SUM("clicks") AS "clicks", SUM("shares") AS "shares", SUM("engaged") AS "engaged" FROM (
      SELECT 'website' AS "channel", SUM("views") AS "views", 0 AS "clicks", SUM("shares") AS "shares", SUM("engagedViews") AS "engaged"
      FROM "ContentMetricDaily" WHERE "day" >= ${first} AND "day" < ${end}
      UNION ALL
      SELECT "channel", SUM("impressions"), SUM("clicks"), SUM("shares"), SUM("likes" + "comments" + "shares" + "clicks")
      FROM "ChannelMetricDaily" WHERE "day" >= ${first} AND "day" < ${end} GROUP BY "channel"
    ) AS "channels" GROUP BY "channel"`);
  const totals = parseRows(Row, rows);
  // The rollup's shares include what networks reported; the website keeps the rest (shares no network claimed).
  const networkShares = totals.reduce((sum, t) => sum + (t.channel === "website" ? 0 : t.shares), 0);
  return totals.map((t) => (t.channel === "website" ? { ...t, shares: Math.max(0, t.shares - networkShares) } : t));
}

/**
 * Channel posts published in `range` whose first week is over by `today`, each with its engaged
 * actions (likes, comments, shares, clicks) per day over that week: what Best Time recommends per channel from.
 */
export async function channelPostEngagement(range: DayRange, today: Date, firstWeekDays: number) {
  readsTraffic();
  // A first week is over when its first day is at least `firstWeekDays` before today (UTC days).
  const todayStart = Date.parse(`${isoDay(today)}T00:00:00.000Z`);
  const over = new Date(todayStart - (firstWeekDays - 1) * DAY_MS);
  const posts = await prisma.channelPost.findMany({
    where: { status: "published", publishedAt: { gte: range.start, lt: over < range.end ? over : range.end } },
    select: { id: true, channel: true, publishedAt: true },
  });
  const metrics = await prisma.channelPostMetric.findMany({
    where: { channelPostId: { in: posts.map((p) => p.id) } },
    select: { channelPostId: true, day: true, likes: true, comments: true, shares: true, clicks: true },
  });
  return posts.map((p) => {
    const first = isoDay(p.publishedAt!);
    const end = isoDay(new Date(Date.parse(`${first}T00:00:00.000Z`) + firstWeekDays * DAY_MS));
    const actions = metrics
      .filter((m) => m.channelPostId === p.id && m.day >= first && m.day < end)
      .reduce((sum, m) => sum + m.likes + m.comments + m.shares + m.clicks, 0);
    return { channel: p.channel, publishedAt: p.publishedAt!, engagement: actions / firstWeekDays };
  });
}

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

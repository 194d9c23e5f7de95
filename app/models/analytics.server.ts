// Analytics reads the rollups kept by triggers (decision 006), never sums ContentMetric itself:
// ContentMetricDaily (per day and type) and ContentMetricRunning (per item, running totals).
import { Prisma } from "@prisma/client";
import { prisma } from "~/db.server";
import type { BestTimeCell } from "~/domain/best-time";
import type { DailyTotals, PeriodTotals } from "~/domain/analytics";
import { daysOf, isoDay, type DayRange } from "~/domain/dates";

type Num = number | bigint | null;
const n = (value: Num) => Number(value ?? 0);
const totalsOf = (r: { views: Num; shares: Num; engagedViews: Num; timeSpentSec: Num }): PeriodTotals => ({
  views: n(r.views),
  shares: n(r.shares),
  engagedViews: n(r.engagedViews),
  timeSpentSec: n(r.timeSpentSec),
});
/** Timestamps as Prisma writes DateTime to SQLite, so text comparison orders them. */
const stamp = (date: Date) => date.toISOString().replace("Z", "+00:00");
const lastDay = (range: DayRange) => isoDay(new Date(range.end.getTime() - 1));

export interface DayTypeTotals extends PeriodTotals {
  day: string;
  type: string;
}

/** Per day and content type, for every day from `start` up to (not including) `end`. */
export async function dayTypeTotals(start: Date, end: Date): Promise<DayTypeTotals[]> {
  const rows = await prisma.$queryRaw<{ day: string; type: string; views: Num; shares: Num; engagedViews: Num; timeSpentSec: Num }[]>`
    SELECT "day", "type", "views", "shares", "engagedViews", "timeSpentSec" FROM "ContentMetricDaily"
    WHERE "day" >= ${isoDay(start)} AND "day" < ${isoDay(end)}`;
  return rows.map((r) => ({ day: r.day, type: r.type, ...totalsOf(r) }));
}

export async function periodTotals(range: DayRange): Promise<PeriodTotals> {
  const [row] = await prisma.$queryRaw<{ views: Num; shares: Num; engagedViews: Num; timeSpentSec: Num }[]>`
    SELECT SUM("views") AS "views", SUM("shares") AS "shares", SUM("engagedViews") AS "engagedViews", SUM("timeSpentSec") AS "timeSpentSec"
    FROM "ContentMetricDaily" WHERE "day" >= ${isoDay(range.start)} AND "day" < ${isoDay(range.end)}`;
  return totalsOf(row);
}

/** One row per day of the range, zero-filled where nothing was recorded. */
export function dailyOf(rows: readonly DayTypeTotals[], range: DayRange): DailyTotals[] {
  const byDay = new Map<string, PeriodTotals>();
  for (const r of rows) {
    const t = byDay.get(r.day) ?? { views: 0, shares: 0, engagedViews: 0, timeSpentSec: 0 };
    byDay.set(r.day, { views: t.views + r.views, shares: t.shares + r.shares, engagedViews: t.engagedViews + r.engagedViews, timeSpentSec: t.timeSpentSec + r.timeSpentSec });
  }
  return daysOf(range).map((date) => ({ date, ...(byDay.get(date) ?? { views: 0, shares: 0, engagedViews: 0, timeSpentSec: 0 }) }));
}

export async function dailyTotals(range: DayRange): Promise<DailyTotals[]> {
  return dailyOf(await dayTypeTotals(range.start, range.end), range);
}

export interface ItemTotals extends PeriodTotals {
  id: string;
  title: string;
  type: string;
  status: string;
}

// Each item's totals in the range: its last running row in the range minus its last row before it.
const RANGED = (first: string, last: string) => Prisma.sql`
  SELECT c."id" AS "id",
         e."views" - COALESCE(s."views", 0) AS "views", e."shares" - COALESCE(s."shares", 0) AS "shares",
         e."engagedViews" - COALESCE(s."engagedViews", 0) AS "engagedViews", e."timeSpentSec" - COALESCE(s."timeSpentSec", 0) AS "timeSpentSec"
  FROM "ContentItem" c
  JOIN "ContentMetricRunning" e ON e."contentId" = c."id"
   AND e."day" = (SELECT max("day") FROM "ContentMetricRunning" WHERE "contentId" = c."id" AND "day" <= ${last})
  LEFT JOIN "ContentMetricRunning" s ON s."contentId" = c."id"
   AND s."day" = (SELECT max("day") FROM "ContentMetricRunning" WHERE "contentId" = c."id" AND "day" < ${first})`;

type ItemRow = { id: string; title: string; type: string; status: string; views: Num; shares: Num; engagedViews: Num; timeSpentSec: Num };

/** The `limit` items with the most views in the range (ties by id), with all their totals. */
export async function topItems(range: DayRange, limit: number): Promise<ItemTotals[]> {
  const rows = await prisma.$queryRaw<ItemRow[]>`
    SELECT t.*, c."title", c."type", c."status" FROM (
      SELECT * FROM (${RANGED(isoDay(range.start), lastDay(range))}) WHERE "views" > 0 ORDER BY "views" DESC, "id" LIMIT ${limit}
    ) t JOIN "ContentItem" c ON c."id" = t."id" ORDER BY t."views" DESC, t."id"`;
  return rows.map((r) => ({ id: r.id, title: r.title, type: r.type, status: r.status, ...totalsOf(r) }));
}

/** Every item viewed in the range, most viewed first (for the per-item export). */
export async function itemTotals(range: DayRange): Promise<ItemTotals[]> {
  const rows = await prisma.$queryRaw<ItemRow[]>`
    SELECT t.*, c."title", c."type", c."status" FROM (${RANGED(isoDay(range.start), lastDay(range))}) t
    JOIN "ContentItem" c ON c."id" = t."id" WHERE t."views" > 0 OR t."shares" > 0 ORDER BY t."views" DESC, c."title"`;
  return rows.map((r) => ({ id: r.id, title: r.title, type: r.type, status: r.status, ...totalsOf(r) }));
}

/**
 * Items first published in `range`, grouped by UTC weekday (0 = Sunday) and hour: how many, and the
 * sum of each post's engaged views per day over its first week (or the days it has had, up to `today`).
 */
export async function publishSlots(range: DayRange, today: Date): Promise<BestTimeCell[]> {
  const rows = await prisma.$queryRaw<{ weekday: Num; hour: Num; posts: Num; engagement: number | null }[]>`
    SELECT CAST(strftime('%w', c."publishedAt") AS INTEGER) AS "weekday", CAST(strftime('%H', c."publishedAt") AS INTEGER) AS "hour",
           COUNT(*) AS "posts",
           SUM((COALESCE(e."engagedViews", 0) - COALESCE(s."engagedViews", 0)) * 1.0
               / MAX(1, MIN(7, julianday(${isoDay(today)}) - julianday(substr(c."publishedAt", 1, 10)) + 1))) AS "engagement"
    FROM "ContentItem" c
    LEFT JOIN "ContentMetricRunning" e ON e."contentId" = c."id"
     AND e."day" = (SELECT max("day") FROM "ContentMetricRunning" WHERE "contentId" = c."id" AND "day" <= date(c."publishedAt", '+6 days'))
    LEFT JOIN "ContentMetricRunning" s ON s."contentId" = c."id"
     AND s."day" = (SELECT max("day") FROM "ContentMetricRunning" WHERE "contentId" = c."id" AND "day" < substr(c."publishedAt", 1, 10))
    WHERE c."publishedAt" >= ${stamp(range.start)} AND c."publishedAt" < ${stamp(range.end)}
    GROUP BY 1, 2`;
  return rows.map((r) => ({ weekday: (n(r.weekday) + 6) % 7, hour: n(r.hour), posts: n(r.posts), engagement: Number(r.engagement ?? 0) }));
}

/** All-time views per item, for the library and recent content lists. */
export async function viewsByItem(ids: string[]): Promise<Map<string, number>> {
  const rows = await prisma.contentMetric.groupBy({
    by: ["contentId"],
    where: { contentId: { in: ids } },
    _sum: { views: true },
  });
  return new Map(rows.map((r) => [r.contentId, r._sum.views ?? 0]));
}

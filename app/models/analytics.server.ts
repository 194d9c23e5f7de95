// Analytics reads the rollups kept by triggers (decision 006), never sums ContentMetric itself:
// ContentMetricDaily (per day and type) and ContentMetricRunning (per item, running totals).
import { Prisma } from "@prisma/client";
import { z } from "zod/v4";
import { prisma } from "~/db/db.server";
import { FIRST_WEEK_DAYS, groupPosts, type BestTimeCell } from "~/domain/best-time";
import type { DailyTotals, PeriodTotals } from "~/domain/analytics";
import { daysOf, isoDay, type DayRange } from "~/domain/dates";
import { col, parseRow, parseRows, toDbDate } from "~/db/db-row.server";
import { readsTraffic } from "~/db/page-reads.server";

// Row schemas, one per statement shape (decision 017). Totals are sums: null over no rows reads as 0.
const Totals = z.object({ views: col.sum, shares: col.sum, engagedViews: col.sum, timeSpentSec: col.sum });
const DayTypeRow = Totals.extend({ day: col.text, type: col.text });
const ItemRow = Totals.extend({ id: col.text, title: col.text, type: col.text, status: col.text });
// Top Content's shortcut: one row even when no candidate was viewed (then the item columns are null).
const BoundedRow = Totals.extend({
  id: col.text.nullable(),
  title: col.text.nullable(),
  type: col.text.nullable(),
  status: col.text.nullable(),
  bound: col.sum,
  deeper: col.sum,
});
const LatestDayRow = z.object({ day: col.text.nullable() });
const PostRow = z.object({ publishedAt: col.date, engagement: col.sum });

const lastDay = (range: DayRange) => isoDay(new Date(range.end.getTime() - 1));

export interface DayTypeTotals extends PeriodTotals {
  day: string;
  type: string;
}

/** Per day and content type, for every day from `start` up to (not including) `end`. */
export async function dayTypeTotals(start: Date, end: Date): Promise<DayTypeTotals[]> {
  readsTraffic();
  const rows = await prisma.$queryRaw<unknown[]>(Prisma.sql`
    SELECT "day", "type", "views", "shares", "engagedViews", "timeSpentSec" FROM "ContentMetricDaily"
    WHERE "day" >= ${isoDay(start)} AND "day" < ${isoDay(end)}`);
  return parseRows(DayTypeRow, rows);
}

export async function periodTotals(range: DayRange): Promise<PeriodTotals> {
  readsTraffic();
  const [row] = await prisma.$queryRaw<unknown[]>(Prisma.sql`
    SELECT SUM("views") AS "views", SUM("shares") AS "shares", SUM("engagedViews") AS "engagedViews", SUM("timeSpentSec") AS "timeSpentSec"
    FROM "ContentMetricDaily" WHERE "day" >= ${isoDay(range.start)} AND "day" < ${isoDay(range.end)}`);
  return Totals.parse(row);
}

/** One row per day of the range, zero-filled where nothing was recorded. */
export function dailyOf(rows: readonly DayTypeTotals[], range: DayRange): DailyTotals[] {
  const byDay = new Map<string, PeriodTotals>();
  for (const r of rows) {
    const t = byDay.get(r.day) ?? { views: 0, shares: 0, engagedViews: 0, timeSpentSec: 0 };
    byDay.set(r.day, {
      views: t.views + r.views,
      shares: t.shares + r.shares,
      engagedViews: t.engagedViews + r.engagedViews,
      timeSpentSec: t.timeSpentSec + r.timeSpentSec,
    });
  }
  return daysOf(range).map((date) => ({ date, ...(byDay.get(date) ?? { views: 0, shares: 0, engagedViews: 0, timeSpentSec: 0 }) }));
}

export interface ItemTotals extends PeriodTotals {
  id: string;
  title: string;
  type: string;
  status: string;
}

// Each item's totals in the range: its last running row in the range minus its last row before it.
// `ids` is a subquery with an "id" column: every item, or the candidates for Top Content.
const ranged = (ids: Prisma.Sql, first: string, last: string) => Prisma.sql`
  SELECT c."id" AS "id",
         e."views" - COALESCE(s."views", 0) AS "views", e."shares" - COALESCE(s."shares", 0) AS "shares",
         e."engagedViews" - COALESCE(s."engagedViews", 0) AS "engagedViews", e."timeSpentSec" - COALESCE(s."timeSpentSec", 0) AS "timeSpentSec"
  FROM ${ids} c
  JOIN "ContentMetricRunning" e ON e."contentId" = c."id"
   AND e."day" = (SELECT "day" FROM "ContentMetricRunning" WHERE "contentId" = c."id" AND "day" <= ${last} ORDER BY "day" DESC LIMIT 1)
  LEFT JOIN "ContentMetricRunning" s ON s."contentId" = c."id"
   AND s."day" = (SELECT "day" FROM "ContentMetricRunning" WHERE "contentId" = c."id" AND "day" < ${first} ORDER BY "day" DESC LIMIT 1)`;

/** Every calendar month (yyyy-mm) the range touches. */
export function monthsOf(range: DayRange): string[] {
  const months: string[] = [];
  const last = lastDay(range).slice(0, 7);
  for (
    let d = new Date(Date.UTC(range.start.getUTCFullYear(), range.start.getUTCMonth(), 1));
    ;
    d = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1))
  ) {
    const month = isoDay(d).slice(0, 7);
    months.push(month);
    if (month >= last) return months;
  }
}

/**
 * The `limit` items with the most views in the range (ties by id), with all their totals.
 * First a cheap, exact shortcut that works when a few items lead (the usual case): an item's views
 * in the range are at most its views in the months the range touches, so take the `depth` most
 * viewed items of each of those months, total them for the range, and accept the result if its
 * last item has at least the sum of each month's depth-th value, which bounds every item not taken.
 * When many items are alike, that bound is loose: then rank every item (topOfAll). Decision 006.
 */
export async function topItems(range: DayRange, limit: number): Promise<ItemTotals[]> {
  readsTraffic();
  return (await topFromMonths(range, limit, 4 * limit)) ?? topOfAll(range, limit);
}

async function topFromMonths(range: DayRange, limit: number, depth: number): Promise<ItemTotals[] | null> {
  const perMonth = Prisma.join(
    monthsOf(range).map(
      (m) =>
        Prisma.sql`SELECT * FROM (SELECT "month", "contentId", "views" FROM "ContentMetricMonthly" WHERE "month" = ${m} ORDER BY "views" DESC LIMIT ${depth}) AS "m"`,
    ),
    " UNION ALL ",
  );
  const rows = await prisma.$queryRaw<unknown[]>(Prisma.sql`
    WITH "taken" AS (${perMonth}),
    "edge" AS (
      SELECT SUM(CASE WHEN "n" = ${depth} THEN "low" ELSE 0 END) AS "bound", MAX(CASE WHEN "n" = ${depth} THEN 1 ELSE 0 END) AS "deeper"
      FROM (SELECT COUNT(*) AS "n", MIN("views") AS "low" FROM "taken" GROUP BY "month") AS "counted"
    ),
    "ranged" AS (${ranged(Prisma.sql`(SELECT DISTINCT "contentId" AS "id" FROM "taken")`, isoDay(range.start), lastDay(range))})
    SELECT t.*, c."title", c."type", c."status", "edge"."bound", "edge"."deeper"
    FROM "edge"
    LEFT JOIN (SELECT * FROM "ranged" WHERE "views" > 0 ORDER BY "views" DESC, "id" LIMIT ${limit}) t ON TRUE
    LEFT JOIN "ContentItem" c ON c."id" = t."id"
    ORDER BY t."views" DESC, t."id"`);
  // Written to run on both engines (decision 048): every subquery named, the flag a CASE, ON TRUE.
  // "edge" always gives one row, so the bound is known even when no candidate was viewed in the range.
  const parsed = parseRows(BoundedRow, rows);
  const top = parsed.flatMap((r) => (r.id === null ? [] : [ItemRow.parse(r)]));
  const bound = parsed[0]?.bound ?? 0;
  const exhausted = !(parsed[0]?.deeper ?? 0);
  return exhausted || bound === 0 || (top.length === limit && top[limit - 1].views >= bound) ? top : null;
}

/**
 * Ranks every item by its views in the range, then totals the leaders. Running totals are read a
 * whole day at a time (the day before the range, and its last day) through the (day, contentId)
 * index, which is one sequential read instead of a lookup per item; an item with no row on that
 * exact day falls back to its latest row before it. A range reaching the newest metrics ends at each
 * item's all-time views, which ContentListing keeps for the library.
 */
export async function topOfAll(range: DayRange, limit: number): Promise<ItemTotals[]> {
  readsTraffic();
  const first = isoDay(range.start);
  const before = isoDay(new Date(range.start.getTime() - 86_400_000));
  const last = lastDay(range);
  const latest = parseRow(
    LatestDayRow,
    (await prisma.$queryRaw<unknown[]>(Prisma.sql`SELECT max("day") AS "day" FROM "ContentMetricDaily"`))[0],
  );
  const sliceAt = (day: string) => Prisma.sql`SELECT "contentId", "views" FROM "ContentMetricRunning" WHERE "day" = ${day}`;
  const latestBefore = (bound: Prisma.Sql) =>
    Prisma.sql`(SELECT "views" FROM "ContentMetricRunning" WHERE "contentId" = l."contentId" AND "day" ${bound} ORDER BY "day" DESC LIMIT 1)`;
  const toEnd = !latest?.day || latest.day <= last;
  const endViews = toEnd ? Prisma.sql`l."views"` : Prisma.sql`COALESCE(e."views", ${latestBefore(Prisma.sql`<= ${last}`)}, 0)`;
  const rows = await prisma.$queryRaw<unknown[]>(Prisma.sql`
    WITH "s" AS MATERIALIZED (${sliceAt(before)}), "e" AS MATERIALIZED (${toEnd ? Prisma.sql`SELECT NULL AS "contentId", NULL AS "views" LIMIT 0` : sliceAt(last)}),
    "leaders" AS (
      SELECT "id" FROM (
        SELECT l."contentId" AS "id", ${endViews} - COALESCE(s."views", ${latestBefore(Prisma.sql`< ${first}`)}, 0) AS "views"
        FROM "ContentListing" l
        LEFT JOIN "s" s ON s."contentId" = l."contentId"
        LEFT JOIN "e" e ON e."contentId" = l."contentId"
      ) AS "ranked" WHERE "views" > 0 ORDER BY "views" DESC, "id" LIMIT ${limit}
    )
    SELECT t.*, c."title", c."type", c."status" FROM (${ranged(Prisma.sql`"leaders"`, first, last)}) t
    JOIN "ContentItem" c ON c."id" = t."id" ORDER BY t."views" DESC, t."id"`);
  return parseRows(ItemRow, rows);
}

/** Every item viewed in the range, most viewed first (for the per-item export). */
export async function itemTotals(range: DayRange): Promise<ItemTotals[]> {
  readsTraffic();
  const rows = await prisma.$queryRaw<unknown[]>(Prisma.sql`
    SELECT t.*, c."title", c."type", c."status" FROM (${ranged(Prisma.sql`"ContentItem"`, isoDay(range.start), lastDay(range))}) t
    JOIN "ContentItem" c ON c."id" = t."id" WHERE t."views" > 0 OR t."shares" > 0 ORDER BY t."views" DESC, c."title"`);
  return parseRows(ItemRow, rows);
}

/**
 * Items first published in `range` whose first week is over by `today`, grouped by weekday and hour
 * of the team's zone: how many, and the sum of each one's engaged views per day over that week.
 */
export async function publishSlots(range: DayRange, today: Date, timeZone = "UTC"): Promise<BestTimeCell[]> {
  readsTraffic();
  // The first week is over when its first day is a week or more before today: ISO days compare as text on both engines.
  const weekAgo = isoDay(new Date(today.getTime() - FIRST_WEEK_DAYS * 86_400_000));
  const rows = await prisma.$queryRaw<unknown[]>(Prisma.sql`
    SELECT "publishedAt", "engagedViews" * 1.0 / ${FIRST_WEEK_DAYS} AS "engagement"
    FROM "ContentPostEngagement"
    WHERE "publishedAt" >= ${toDbDate(range.start)} AND "publishedAt" < ${toDbDate(range.end)} AND "firstDay" <= ${weekAgo}`);
  return groupPosts(parseRows(PostRow, rows), timeZone);
}

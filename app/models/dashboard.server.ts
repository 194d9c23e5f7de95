import { addDays, isoDay, lastDays, startOfUtcDay } from "~/domain/dates";
import type { DashboardCounts } from "~/domain/dashboard";
import { Prisma } from "@prisma/client";
import { prisma } from "~/db/db.server";
import { onPostgres } from "~/db/engine.server";
import { RUN_TOTALS_SQL, runTotalsParams, runTotalsPostgres } from "./run-success.server";
import { z } from "zod/v4";
import { col, toDbDate } from "~/db/db-row.server";
import { hotStatement } from "./hot-read.server";
import { readsTraffic } from "~/db/page-reads.server";

// Ten counts and sums the dashboard shows, in one prepared statement on the read connection
// (decision 011): through Prisma they were ten queries of about a millisecond each.
const TOTALS = ["views", "shares", "engagedViews", "timeSpentSec"] as const;
const PERIOD = (side: string) =>
  TOTALS.map((c) => `(SELECT SUM(${c}) FROM ContentMetricDaily WHERE day >= @${side}Start AND day < @${side}End) AS ${side}_${c}`).join(
    ",\n  ",
  );
const COUNTS_SQL = `SELECT
  (SELECT COUNT(*) FROM ContentItem WHERE status = 'draft') AS drafts,
  (SELECT COUNT(*) FROM ContentItem WHERE status = 'draft' AND createdAt >= @since30 AND createdAt < @now) AS draftsNow,
  (SELECT COUNT(*) FROM ContentItem WHERE status = 'draft' AND createdAt >= @since60 AND createdAt < @since30) AS draftsBefore,
  (SELECT COUNT(*) FROM ContentItem WHERE status = 'published' AND publishedAt >= @today AND publishedAt < @tomorrow) AS publishedToday,
  (SELECT COUNT(*) FROM ContentItem WHERE status = 'published' AND publishedAt >= @yesterday AND publishedAt < @today) AS publishedYesterday,
  (SELECT COUNT(*) FROM ActivityEvent WHERE createdAt >= @since30 AND createdAt < @justAfterNow) AS activityNow,
  (SELECT COUNT(*) FROM ActivityEvent WHERE createdAt >= @since60 AND createdAt < @since30) AS activityBefore,
  ${RUN_TOTALS_SQL},
  ${PERIOD("current")},
  ${PERIOD("previous")}`;

/** COUNTS_SQL's PostgreSQL twin (decision 048): quoted names, timestamps as dates, days as text. */
function countsPostgres(
  at: Record<"now" | "justAfterNow" | "since30" | "since60" | "today" | "tomorrow" | "yesterday", Date>,
  days: Record<string, string>,
) {
  const period = (side: string) =>
    Prisma.join(
      TOTALS.map(
        (c) =>
          Prisma.sql`(SELECT SUM(${Prisma.raw(`"${c}"`)}) FROM "ContentMetricDaily" WHERE "day" >= ${days[`${side}Start`]} AND "day" < ${days[`${side}End`]}) AS ${Prisma.raw(`"${side}_${c}"`)}`,
      ),
    );
  const drafts = Prisma.sql`FROM "ContentItem" WHERE "status" = 'draft'`;
  const published = Prisma.sql`FROM "ContentItem" WHERE "status" = 'published'`;
  return Prisma.sql`SELECT
    (SELECT COUNT(*) ${drafts}) AS "drafts",
    (SELECT COUNT(*) ${drafts} AND "createdAt" >= ${at.since30} AND "createdAt" < ${at.now}) AS "draftsNow",
    (SELECT COUNT(*) ${drafts} AND "createdAt" >= ${at.since60} AND "createdAt" < ${at.since30}) AS "draftsBefore",
    (SELECT COUNT(*) ${published} AND "publishedAt" >= ${at.today} AND "publishedAt" < ${at.tomorrow}) AS "publishedToday",
    (SELECT COUNT(*) ${published} AND "publishedAt" >= ${at.yesterday} AND "publishedAt" < ${at.today}) AS "publishedYesterday",
    (SELECT COUNT(*) FROM "ActivityEvent" WHERE "createdAt" >= ${at.since30} AND "createdAt" < ${at.justAfterNow}) AS "activityNow",
    (SELECT COUNT(*) FROM "ActivityEvent" WHERE "createdAt" >= ${at.since60} AND "createdAt" < ${at.since30}) AS "activityBefore",
    ${runTotalsPostgres(at.now)},
    ${period("current")},
    ${period("previous")}`;
}

// Every column is a count or a sum (null over no rows, read as 0).
const COLUMNS = [
  "drafts",
  "draftsNow",
  "draftsBefore",
  "publishedToday",
  "publishedYesterday",
  "activityNow",
  "activityBefore",
  "runsPublished",
  "runsFinished",
  ...["current", "previous"].flatMap((side) => TOTALS.map((c) => `${side}_${c}`)),
];
const CountsRow = z.object(Object.fromEntries(COLUMNS.map((c) => [c, col.sum]))).strict();
type Row = Record<string, number>;
const totals = (row: Row, side: string) => ({
  views: row[`${side}_views`],
  shares: row[`${side}_shares`],
  engagedViews: row[`${side}_engagedViews`],
  timeSpentSec: row[`${side}_timeSpentSec`],
});

/** The raw counts behind the dashboard's figures; the domain turns them into cards. */
export async function dashboardCounts(now = new Date()): Promise<DashboardCounts> {
  readsTraffic();
  const { current, previous } = lastDays(now, 30);
  const today = startOfUtcDay(now);
  const at = {
    now,
    justAfterNow: new Date(now.getTime() + 1),
    since30: new Date(now.getTime() - 30 * 86_400_000),
    since60: new Date(now.getTime() - 60 * 86_400_000),
    today,
    tomorrow: addDays(today, 1),
    yesterday: addDays(today, -1),
  };
  const days = {
    currentStart: isoDay(current.start),
    currentEnd: isoDay(current.end),
    previousStart: isoDay(previous.start),
    previousEnd: isoDay(previous.end),
  };
  const row: Row = CountsRow.parse(
    onPostgres()
      ? (await prisma.$queryRaw<unknown[]>(countsPostgres(at, days)))[0]
      : hotStatement(COUNTS_SQL).get({
          now: toDbDate(at.now),
          justAfterNow: toDbDate(at.justAfterNow),
          since30: toDbDate(at.since30),
          since60: toDbDate(at.since60),
          today: toDbDate(at.today),
          tomorrow: toDbDate(at.tomorrow),
          yesterday: toDbDate(at.yesterday),
          ...days,
          ...runTotalsParams(now),
        }),
  );
  return {
    drafts: row.drafts,
    draftsCreated: { current: row.draftsNow, previous: row.draftsBefore },
    publishedToday: row.publishedToday,
    publishedYesterday: row.publishedYesterday,
    views: { current: totals(row, "current"), previous: totals(row, "previous") },
    activity: { current: row.activityNow, previous: row.activityBefore },
    runs: { published: row.runsPublished, finished: row.runsFinished },
  };
}

import { addDays, isoDay, lastDays, startOfUtcDay } from "~/domain/dates";
import type { DashboardCounts } from "~/domain/dashboard";
import { RUN_TOTALS_SQL, runTotalsParams } from "./run-success.server";
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
  const row: Row = CountsRow.parse(
    hotStatement(COUNTS_SQL).get({
      now: toDbDate(now),
      justAfterNow: toDbDate(new Date(now.getTime() + 1)),
      since30: toDbDate(new Date(now.getTime() - 30 * 86_400_000)),
      since60: toDbDate(new Date(now.getTime() - 60 * 86_400_000)),
      today: toDbDate(today),
      tomorrow: toDbDate(addDays(today, 1)),
      yesterday: toDbDate(addDays(today, -1)),
      currentStart: isoDay(current.start),
      currentEnd: isoDay(current.end),
      previousStart: isoDay(previous.start),
      previousEnd: isoDay(previous.end),
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

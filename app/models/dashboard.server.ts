import { addDays, isoDay, lastDays, startOfUtcDay } from "~/domain/dates";
import type { DashboardCounts } from "~/domain/dashboard";
import { rateOf } from "~/domain/workflow";
import { hotStatement, toDbDate } from "./hot-read.server";

// Ten counts and sums the dashboard shows, in one prepared statement on the read connection
// (decision 011): through Prisma they were ten queries of about a millisecond each.
const PERIOD = (side: string) =>
  ["views", "shares", "engagedViews", "timeSpentSec"].map((c) => `(SELECT SUM(${c}) FROM ContentMetricDaily WHERE day >= @${side}Start AND day < @${side}End) AS ${side}_${c}`).join(",\n  ");
const COUNTS_SQL = `SELECT
  (SELECT COUNT(*) FROM ContentItem WHERE status = 'draft') AS drafts,
  (SELECT COUNT(*) FROM ContentItem WHERE status = 'draft' AND createdAt >= @since30 AND createdAt < @now) AS draftsNow,
  (SELECT COUNT(*) FROM ContentItem WHERE status = 'draft' AND createdAt >= @since60 AND createdAt < @since30) AS draftsBefore,
  (SELECT COUNT(*) FROM ContentItem WHERE status = 'published' AND publishedAt >= @today AND publishedAt < @tomorrow) AS publishedToday,
  (SELECT COUNT(*) FROM ContentItem WHERE status = 'published' AND publishedAt >= @yesterday AND publishedAt < @today) AS publishedYesterday,
  (SELECT COUNT(*) FROM ActivityEvent WHERE createdAt >= @since30 AND createdAt < @justAfterNow) AS activityNow,
  (SELECT COUNT(*) FROM ActivityEvent WHERE createdAt >= @since60 AND createdAt < @since30) AS activityBefore,
  (SELECT COUNT(*) FROM WorkflowRun WHERE status = 'succeeded' AND finishedAt >= @since30 AND finishedAt < @justAfterNow) AS runsSucceeded,
  (SELECT COUNT(*) FROM WorkflowRun WHERE status = 'failed' AND finishedAt >= @since30 AND finishedAt < @justAfterNow) AS runsFailed,
  ${PERIOD("current")},
  ${PERIOD("previous")}`;

type Row = Record<string, number | null>;
const totals = (row: Row, side: string) => ({
  views: row[`${side}_views`] ?? 0,
  shares: row[`${side}_shares`] ?? 0,
  engagedViews: row[`${side}_engagedViews`] ?? 0,
  timeSpentSec: row[`${side}_timeSpentSec`] ?? 0,
});

/** The raw counts behind the dashboard's figures; the domain turns them into cards. */
export async function dashboardCounts(now = new Date()): Promise<DashboardCounts> {
  const { current, previous } = lastDays(now, 30);
  const today = startOfUtcDay(now);
  const row = hotStatement(COUNTS_SQL).get({
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
  }) as Row;
  return {
    drafts: row.drafts ?? 0,
    draftsCreated: { current: row.draftsNow ?? 0, previous: row.draftsBefore ?? 0 },
    publishedToday: row.publishedToday ?? 0,
    publishedYesterday: row.publishedYesterday ?? 0,
    views: { current: totals(row, "current"), previous: totals(row, "previous") },
    activity: { current: row.activityNow ?? 0, previous: row.activityBefore ?? 0 },
    runSuccessRate: rateOf(row.runsSucceeded ?? 0, row.runsFailed ?? 0),
  };
}

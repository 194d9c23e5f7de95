import { addDays, isoDay, lastDays, startOfUtcDay } from "~/domain/dates";
import { PERIOD_TOTALS, type DashboardCounts, type DashboardWindow } from "~/domain/dashboard";
import { z } from "zod/v4";
import { col } from "~/db/db-row.server";
import { figures } from "~/db/figures.server";
import { readsTraffic } from "~/db/page-reads.server";

// Ten counts and sums in one statement, a hot read (decision 011); every column is a count or a sum
// (null over no rows, read as 0).
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
  ...["current", "previous"].flatMap((side) => PERIOD_TOTALS.map((c) => `${side}_${c}`)),
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
  const window: DashboardWindow = {
    at: {
      now,
      justAfterNow: new Date(now.getTime() + 1),
      since30: new Date(now.getTime() - 30 * 86_400_000),
      since60: new Date(now.getTime() - 60 * 86_400_000),
      today,
      tomorrow: addDays(today, 1),
      yesterday: addDays(today, -1),
    },
    days: {
      currentStart: isoDay(current.start),
      currentEnd: isoDay(current.end),
      previousStart: isoDay(previous.start),
      previousEnd: isoDay(previous.end),
    },
  };
  const row: Row = CountsRow.parse(await figures().dashboardRow(window));
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

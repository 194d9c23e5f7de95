import { addDays, lastDays, startOfUtcDay } from "~/domain/dates";
import type { DashboardCounts } from "~/domain/dashboard";
import { countActivity } from "./activity.server";
import { runSuccessRate } from "./agent.server";
import { periodTotals } from "./analytics.server";
import { countByStatus, countCreated, countPublished } from "./content.server";

/** The raw counts behind the dashboard's figures; the domain turns them into cards. */
export async function dashboardCounts(now = new Date()): Promise<DashboardCounts> {
  const { current, previous } = lastDays(now, 30);
  const today = startOfUtcDay(now);
  const since30 = new Date(now.getTime() - 30 * 86_400_000);
  const since60 = new Date(now.getTime() - 60 * 86_400_000);
  const [drafts, draftsNow, draftsBefore, publishedToday, publishedYesterday, viewsNow, viewsBefore, activityNow, activityBefore, success] =
    await Promise.all([
      countByStatus("draft"),
      countCreated("draft", since30, now),
      countCreated("draft", since60, since30),
      countPublished(today, addDays(today, 1)),
      countPublished(addDays(today, -1), today),
      periodTotals(current),
      periodTotals(previous),
      countActivity(since30, new Date(now.getTime() + 1)),
      countActivity(since60, since30),
      runSuccessRate(since30, new Date(now.getTime() + 1)),
    ]);
  return {
    drafts,
    draftsCreated: { current: draftsNow, previous: draftsBefore },
    publishedToday,
    publishedYesterday,
    views: { current: viewsNow, previous: viewsBefore },
    activity: { current: activityNow, previous: activityBefore },
    runSuccessRate: success,
  };
}

import { avgTimeSpentSec, engagementRate, type PeriodTotals } from "./analytics";
import { formatChange, percentChange, type ChangeDirection } from "./change";
import { formatCompact, formatMinutes, formatPercent } from "./format";
import { describeRunTotals, formatRate, RUN_SUCCESS, runSuccessRate, type RunTotals } from "./workflow-success";

/** The four daily totals the dashboard sums over each period (one column per period and total). */
export const PERIOD_TOTALS = ["views", "shares", "engagedViews", "timeSpentSec"] as const;

/** The instants and days the dashboard's counts are bounded by. */
export interface DashboardWindow {
  at: Record<"now" | "justAfterNow" | "since30" | "since60" | "today" | "tomorrow" | "yesterday", Date>;
  days: Record<"currentStart" | "currentEnd" | "previousStart" | "previousEnd", string>;
}

export interface DashboardCounts {
  drafts: number;
  draftsCreated: { current: number; previous: number };
  publishedToday: number;
  publishedYesterday: number;
  views: { current: PeriodTotals; previous: PeriodTotals };
  activity: { current: number; previous: number };
  /** Runs published and finished: the one success figure (domain/workflow-success.ts). */
  runs: RunTotals;
}

export interface StatFigure {
  id: "drafts" | "published" | "views" | "activity";
  title: string;
  value: string;
  change: string;
  direction: ChangeDirection;
  period: string;
}

export function dashboardStats(c: DashboardCounts): StatFigure[] {
  const figure = (id: StatFigure["id"], title: string, value: string, current: number, previous: number, period: string): StatFigure => {
    const change = percentChange(current, previous);
    return { id, title, value, change: formatChange(change), direction: change.direction, period };
  };
  return [
    figure("drafts", "Total Drafts", String(c.drafts), c.draftsCreated.current, c.draftsCreated.previous, "new vs last 30 days"),
    figure("published", "Published Today", String(c.publishedToday), c.publishedToday, c.publishedYesterday, "vs yesterday"),
    figure("views", "Total Views", formatCompact(c.views.current.views), c.views.current.views, c.views.previous.views, "vs last 30 days"),
    figure("activity", "Team Activity", String(c.activity.current), c.activity.current, c.activity.previous, "vs last 30 days"),
  ];
}

export function performanceOverview(c: Pick<DashboardCounts, "views" | "runs">) {
  const rate = engagementRate(c.views.current);
  const success = runSuccessRate(c.runs);
  return [
    { label: "Engagement Rate", value: formatPercent(rate), ratio: rate },
    {
      label: "Avg. Time Spent",
      value: formatMinutes(avgTimeSpentSec(c.views.current)),
      ratio: Math.min(1, avgTimeSpentSec(c.views.current) / 300),
    },
    {
      label: RUN_SUCCESS.label,
      value: formatRate(success),
      ratio: (success ?? 0) / 100,
      /** What the figure counts, shown under it. */
      note: describeRunTotals(c.runs),
    },
  ];
}

import { sumTotals, summarize } from "~/domain/analytics";
import { engagementSeries, heatmapCells, heatmapRange, summaryCards, topContent, typeSlices } from "~/domain/analytics-view";
import { lastDays } from "~/domain/dates";
import { dailyTotals, itemTotals, periodTotals } from "./analytics.server";

/** Everything the Analytics screen shows for the `days` days ending today. */
export async function analyticsView(now: Date, days: number) {
  const { current, previous } = lastDays(now, days);
  const [prev, daily, items, heatDays] = await Promise.all([
    periodTotals(previous),
    dailyTotals(current),
    itemTotals(current),
    dailyTotals(heatmapRange(now)),
  ]);
  // The range's totals are the sum of its days: no second query.
  return {
    cards: summaryCards(summarize(sumTotals(daily), prev), days),
    series: engagementSeries(daily),
    slices: typeSlices(items),
    top: topContent(items, 5),
    heatmap: heatmapCells(heatDays),
  };
}

/** Per-day totals for the CSV export. */
export async function analyticsDaily(now: Date, days: number) {
  return dailyTotals(lastDays(now, days).current);
}

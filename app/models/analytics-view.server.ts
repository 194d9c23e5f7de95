import { sumTotals, summarize } from "~/domain/analytics";
import type { AnalyticsRange } from "~/domain/analytics-range";
import { engagementSeries, heatmapCells, heatmapRange, summaryCards, topContent, typeSlices } from "~/domain/analytics-view";
import { bestTime, bestTimeByChannel, FIRST_WEEK_DAYS, MIN_POSTS } from "~/domain/best-time";
import { lastDays } from "~/domain/dates";
import { channelBreakdown } from "~/domain/channel-breakdown";
import { channelPostEngagement, channelTotals } from "./channel-analytics.server";
import { dailyOf, dayTypeTotals, itemTotals, publishSlots, topItems } from "./analytics.server";

/** Days of posts the scheduler learns the best slot from, whatever range the screen shows. */
export const SCHEDULING_WINDOW_DAYS = 90;

/** Everything the Analytics screen shows for `range`. */
export async function analyticsView(now: Date, range: AnalyticsRange, timeZone = "UTC") {
  const { current, previous } = range;
  const heat = heatmapRange(current);
  // One read of the per-day-and-type rollup covers the previous range, the range and the heatmap.
  const from = new Date(Math.min(previous.start.getTime(), heat.start.getTime()));
  const to = new Date(Math.max(current.end.getTime(), heat.end.getTime()));
  const window = lastDays(now, SCHEDULING_WINDOW_DAYS).current;
  const sameWindow = current.start.getTime() === window.start.getTime() && current.end.getTime() === window.end.getTime();
  const [rows, top, slots, windowSlots, channels, channelPosts] = await Promise.all([
    dayTypeTotals(from, to),
    topItems(current, 5),
    publishSlots(current, now, timeZone),
    sameWindow ? null : publishSlots(window, now, timeZone),
    channelTotals(current),
    channelPostEngagement(current, now, FIRST_WEEK_DAYS),
  ]);
  const inCurrent = rows.filter((r) => r.day >= range.from && r.day <= range.to);
  const daily = dailyOf(inCurrent, current);
  return {
    cards: summaryCards(summarize(sumTotals(daily), sumTotals(dailyOf(rows, previous))), current.days),
    series: engagementSeries(daily),
    slices: typeSlices(inCurrent),
    top: topContent(top, 5),
    heatmap: heatmapCells(dailyOf(rows, heat), current),
    bestTime: bestTime(slots, MIN_POSTS, timeZone),
    bestTimeByChannel: bestTimeByChannel(channelPosts, timeZone),
    scheduling: bestTime(windowSlots ?? slots, MIN_POSTS, timeZone).top,
    channels: channelBreakdown(channels),
  };
}

/** The slot 'Schedule posts for optimal timing' uses: the best of the last 90 days' posts, in the team's zone. */
export async function schedulingSlot(now: Date, timeZone: string) {
  return bestTime(await publishSlots(lastDays(now, SCHEDULING_WINDOW_DAYS).current, now, timeZone)).top;
}

/** Per-day and per-item totals for the CSV export. */
export async function analyticsExport(range: AnalyticsRange) {
  const [rows, items] = await Promise.all([dayTypeTotals(range.current.start, range.current.end), itemTotals(range.current)]);
  return { daily: dailyOf(rows, range.current), items };
}

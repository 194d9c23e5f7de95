import { engagementRate, performanceLabel, quartileLevels, type DailyTotals, type Performance, type Summary } from "./analytics";
import { formatChange, type ChangeDirection } from "./change";
import { TYPE_SLICE_LABELS, isContentType, type ContentType } from "./content";
import { addDays, isoDay, type DayRange } from "./dates";
import { formatCompact, formatMinutes, formatPercent } from "./format";

export interface SummaryCard {
  id: "views" | "shares" | "time" | "rate";
  title: string;
  value: string;
  change: string;
  direction: ChangeDirection;
  period: string;
}

export function summaryCards(s: Summary, days: number): SummaryCard[] {
  const period = `vs prior ${days} ${days === 1 ? "day" : "days"}`;
  const card = (id: SummaryCard["id"], title: string, value: string, change: Summary["views"]["change"]): SummaryCard => ({
    id,
    title,
    value,
    change: formatChange(change),
    direction: change.direction,
    period,
  });
  return [
    card("views", "Total Views", formatCompact(s.views.value), s.views.change),
    card("shares", "Total Shares", formatCompact(s.shares.value), s.shares.change),
    card("time", "Avg. Time Spent", formatMinutes(s.avgTimeSec.value), s.avgTimeSec.change),
    card("rate", "Engagement Rate", formatPercent(s.engagementRate.value), s.engagementRate.change),
  ];
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
export const WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];

/** "2026-11-20" → "Nov 20", independent of the time zone. */
export function shortDate(iso: string): string {
  const [, month, day] = iso.split("-").map(Number);
  return `${MONTHS[month - 1]} ${day}`;
}

/** "2026-11-20" → "Fri, Nov 20, 2026". */
export function longDate(iso: string): string {
  const weekday = WEEKDAYS[(new Date(`${iso}T00:00:00Z`).getUTCDay() + 6) % 7];
  return `${weekday}, ${shortDate(iso)}, ${iso.slice(0, 4)}`;
}

/** Views, shares and engaged views by date, as line-chart series. */
export function engagementSeries(days: readonly DailyTotals[]) {
  const series = (id: string, pick: (d: DailyTotals) => number) => ({ id, data: days.map((d) => ({ x: d.date, y: pick(d) })) });
  return [series("Views", (d) => d.views), series("Shares", (d) => d.shares), series("Engagement", (d) => d.engagedViews)];
}

export interface TypeSlice {
  id: ContentType;
  label: string;
  value: number;
}

/** Views per content type, in the donut's slice order; unknown types are left out. */
export function typeSlices(items: readonly { type: string; views: number }[]): TypeSlice[] {
  const totals = new Map<string, number>();
  for (const item of items) if (isContentType(item.type)) totals.set(item.type, (totals.get(item.type) ?? 0) + item.views);
  const order = Object.keys(TYPE_SLICE_LABELS) as ContentType[];
  return order.map((id) => ({ id, label: TYPE_SLICE_LABELS[id], value: totals.get(id) ?? 0 }));
}

export interface TopContentRow {
  id: string;
  title: string;
  views: number;
  shares: number;
  engagement: number;
  performance: Performance;
}

/** The `limit` most viewed items (ties by title), with their engagement rate. */
export function topContent(
  items: readonly { id: string; title: string; views: number; shares: number; engagedViews: number }[],
  limit = 5,
): TopContentRow[] {
  return [...items]
    .sort((a, b) => b.views - a.views || a.title.localeCompare(b.title))
    .slice(0, limit)
    .map((i) => {
      const rate = engagementRate(i);
      return { id: i.id, title: i.title, views: i.views, shares: i.shares, engagement: rate, performance: performanceLabel(rate) };
    });
}

/** The 4 Monday–Sunday weeks ending with the week that holds the range's last day (UTC). */
export function heatmapRange(range: DayRange): DayRange {
  const last = addDays(range.end, -1);
  const nextMonday = addDays(last, 7 - ((last.getUTCDay() + 6) % 7));
  return { start: addDays(nextMonday, -28), end: nextMonday, days: 28 };
}

export interface HeatmapCell {
  date: string;
  /** Engaged views; null for a day outside the selected range. */
  value: number | null;
  /** 1–4 by quartile of the range's days shown; 0 outside the range. */
  level: number;
  label: string;
}

/**
 * One cell per day of `heatmapRange`: days in the selected range get a quartile level and a tooltip
 * with their date, engaged views and share of the shown days' total; other days stay blank.
 */
export function heatmapCells(
  days: readonly Pick<DailyTotals, "date" | "engagedViews">[],
  range: Pick<DayRange, "start" | "end">,
): HeatmapCell[] {
  const first = isoDay(range.start);
  const last = isoDay(addDays(range.end, -1));
  const inRange = days.filter((d) => d.date >= first && d.date <= last);
  const total = inRange.reduce((sum, d) => sum + d.engagedViews, 0);
  const levels = quartileLevels(inRange.map((d) => d.engagedViews));
  const levelOf = new Map(inRange.map((d, i) => [d.date, levels[i]]));
  return days.map((d) => {
    const level = levelOf.get(d.date);
    if (level === undefined) return { date: d.date, value: null, level: 0, label: `${longDate(d.date)}: outside the selected range` };
    const share = total === 0 ? 0 : (d.engagedViews / total) * 100;
    const label = `${longDate(d.date)}: ${d.engagedViews.toLocaleString("en-US")} engaged views, ${share.toFixed(1)}% of the ${inRange.length} ${inRange.length === 1 ? "day" : "days"} shown`;
    return { date: d.date, value: d.engagedViews, level, label };
  });
}

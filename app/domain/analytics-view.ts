import { avgTimeSpentSec, engagementRate, performanceLabel, quartileLevels, type DailyTotals, type Performance, type Summary } from "./analytics";
import { formatChange, type ChangeDirection } from "./change";
import { TYPE_SLICE_LABELS, isContentType, type ContentType } from "./content";
import { addDays, startOfUtcDay, type DayRange } from "./dates";
import { formatCompact, formatMinutes, formatPercent } from "./format";

export const RANGE_OPTIONS = [7, 30, 90] as const;
export type RangeDays = (typeof RANGE_OPTIONS)[number];
export const DEFAULT_RANGE: RangeDays = 30;

/** `?range=` value → days; a missing value is the default, anything unknown is null. */
export function parseRange(raw: string | null): RangeDays | null {
  if (raw === null || raw === "") return DEFAULT_RANGE;
  return RANGE_OPTIONS.find((days) => String(days) === raw) ?? null;
}

export const rangeLabel = (days: number) => `Last ${days} Days`;

export interface SummaryCard {
  id: "views" | "shares" | "time" | "rate";
  title: string;
  value: string;
  change: string;
  direction: ChangeDirection;
  period: string;
}

export function summaryCards(s: Summary, days: number): SummaryCard[] {
  const period = `vs prior ${days} days`;
  const card = (id: SummaryCard["id"], title: string, value: string, change: Summary["views"]["change"]): SummaryCard => ({
    id, title, value, change: formatChange(change), direction: change.direction, period,
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
export function topContent(items: readonly { id: string; title: string; views: number; shares: number; engagedViews: number }[], limit = 5): TopContentRow[] {
  return [...items]
    .sort((a, b) => b.views - a.views || a.title.localeCompare(b.title))
    .slice(0, limit)
    .map((i) => {
      const rate = engagementRate(i);
      return { id: i.id, title: i.title, views: i.views, shares: i.shares, engagement: rate, performance: performanceLabel(rate) };
    });
}

/** The 4 complete Monday–Sunday weeks before the week holding `now` (UTC). */
export function heatmapRange(now: Date): DayRange {
  const today = startOfUtcDay(now);
  const monday = addDays(today, -((today.getUTCDay() + 6) % 7));
  return { start: addDays(monday, -28), end: monday, days: 28 };
}

export interface HeatmapCell {
  date: string;
  value: number;
  level: number;
  label: string;
}

/** One cell per day with its intensity 1–4 and a tooltip giving its share of the total. */
export function heatmapCells(days: readonly Pick<DailyTotals, "date" | "engagedViews">[]): HeatmapCell[] {
  const values = days.map((d) => d.engagedViews);
  const total = values.reduce((a, b) => a + b, 0);
  const levels = quartileLevels(values);
  return days.map((d, i) => {
    const share = total === 0 ? 0 : (d.engagedViews / total) * 100;
    const label = `${longDate(d.date)}: ${d.engagedViews.toLocaleString("en-US")} engaged views, ${share.toFixed(1)}% of the 4-week total`;
    return { date: d.date, value: d.engagedViews, level: levels[i], label };
  });
}

/** Neutralises spreadsheet formulas: text starting with = + - @ (or tab/CR) gets a leading quote. */
export function escapeCsvCell(value: string | number): string {
  if (typeof value === "number") return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function toCsv(rows: readonly (readonly (string | number)[])[]): string {
  return rows.map((row) => row.map(escapeCsvCell).join(",")).join("\r\n") + "\r\n";
}

export const REPORT_HEADER = ["date", "views", "shares", "engaged views", "engagement rate %", "avg time spent seconds"];

/** The export's rows: a header, then one row per day. */
export function dailyReport(days: readonly DailyTotals[]): (string | number)[][] {
  const round1 = (n: number) => Math.round(n * 10) / 10;
  return [
    REPORT_HEADER,
    ...days.map((d) => [d.date, d.views, d.shares, d.engagedViews, round1(engagementRate(d) * 100), round1(avgTimeSpentSec(d))]),
  ];
}

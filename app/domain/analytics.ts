import { percentChange, type Change } from "./change";

export interface DailyTotals {
  /** ISO date, yyyy-mm-dd (UTC). */
  date: string;
  views: number;
  shares: number;
  engagedViews: number;
  timeSpentSec: number;
}

export interface PeriodTotals {
  views: number;
  shares: number;
  engagedViews: number;
  timeSpentSec: number;
}

export function sumTotals(days: readonly Omit<DailyTotals, "date">[]): PeriodTotals {
  return days.reduce(
    (acc, d) => ({
      views: acc.views + d.views,
      shares: acc.shares + d.shares,
      engagedViews: acc.engagedViews + d.engagedViews,
      timeSpentSec: acc.timeSpentSec + d.timeSpentSec,
    }),
    { views: 0, shares: 0, engagedViews: 0, timeSpentSec: 0 },
  );
}

export function engagementRate(t: Pick<PeriodTotals, "views" | "engagedViews">): number {
  return t.views === 0 ? 0 : t.engagedViews / t.views;
}

export function avgTimeSpentSec(t: Pick<PeriodTotals, "views" | "timeSpentSec">): number {
  return t.views === 0 ? 0 : t.timeSpentSec / t.views;
}

export interface Summary {
  views: { value: number; change: Change };
  shares: { value: number; change: Change };
  avgTimeSec: { value: number; change: Change };
  engagementRate: { value: number; change: Change };
}

export function summarize(current: PeriodTotals, previous: PeriodTotals): Summary {
  const rate = (t: PeriodTotals) => engagementRate(t);
  const time = (t: PeriodTotals) => avgTimeSpentSec(t);
  return {
    views: { value: current.views, change: percentChange(current.views, previous.views) },
    shares: { value: current.shares, change: percentChange(current.shares, previous.shares) },
    avgTimeSec: { value: time(current), change: percentChange(time(current), time(previous)) },
    engagementRate: { value: rate(current), change: percentChange(rate(current), rate(previous)) },
  };
}

/**
 * Intensity 1–4 by quartile rank: the lowest quarter of the values is 1, the highest 4.
 * Equal values share the level of their first rank, so an all-equal series is all 1.
 */
export function quartileLevels(values: readonly number[]): number[] {
  const sorted = [...values].sort((a, b) => a - b);
  return values.map((v) => Math.floor((sorted.indexOf(v) * 4) / sorted.length) + 1);
}

export type Performance = "High" | "Medium" | "Low";

/** Performance label from an item's engagement rate. */
export function performanceLabel(rate: number): Performance {
  if (rate >= 0.8) return "High";
  if (rate >= 0.6) return "Medium";
  return "Low";
}

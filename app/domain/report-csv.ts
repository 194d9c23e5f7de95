// The CSV export (server only: csv-stringify needs Node's Buffer, so the screens never import this).
import { stringify } from "csv-stringify/sync";
import { avgTimeSpentSec, engagementRate, performanceLabel, type DailyTotals, type PeriodTotals } from "./analytics";

/** Neutralises spreadsheet formulas: text starting with = + - @ (or tab/CR/LF) gets a leading quote. */
export function neutralizeCell(value: string | number): string | number {
  if (typeof value === "number") return value;
  return /^[=+\-@\t\r\n]/.test(value) ? `'${value}` : value;
}

/** RFC 4180 CSV (CRLF, quotes where needed) with every text cell neutralised. */
export function toCsv(rows: readonly (readonly (string | number)[])[]): string {
  return stringify(
    rows.map((row) => row.map(neutralizeCell)),
    { record_delimiter: "windows", quoted_match: /[\r\n]/ },
  );
}

export const DAILY_HEADER = ["date", "views", "shares", "engaged views", "engagement rate %", "avg time spent seconds"];
export const ITEM_HEADER = [
  "title",
  "type",
  "status",
  "views",
  "shares",
  "engaged views",
  "engagement rate %",
  "avg time spent seconds",
  "performance",
];
const round1 = (n: number) => Math.round(n * 10) / 10;

/** The daily export: a header, then one row per day. */
export function dailyReport(days: readonly DailyTotals[]): (string | number)[][] {
  return [
    DAILY_HEADER,
    ...days.map((d) => [d.date, d.views, d.shares, d.engagedViews, round1(engagementRate(d) * 100), round1(avgTimeSpentSec(d))]),
  ];
}

/** The per-item export: a header, then one row per item viewed in the range. */
export function itemReport(items: readonly (PeriodTotals & { title: string; type: string; status: string })[]): (string | number)[][] {
  return [
    ITEM_HEADER,
    ...items.map((i) => [
      i.title,
      i.type,
      i.status,
      i.views,
      i.shares,
      i.engagedViews,
      round1(engagementRate(i) * 100),
      round1(avgTimeSpentSec(i)),
      performanceLabel(engagementRate(i)),
    ]),
  ];
}

import { addDays, DAY_MS, isoDay, startOfUtcDay, type DayRange } from "./dates";

export const PRESET_DAYS = [7, 30, 90] as const;
export type PresetDays = (typeof PRESET_DAYS)[number];
export const DEFAULT_DAYS: PresetDays = 30;
/** A custom range may span two years at most (730 days; a leap day fits). */
export const MAX_RANGE_DAYS = 731;

export type RangeField = "range" | "from" | "to";

/** The selected range: its days, the same number of days just before, and how to write it in a URL. */
export interface AnalyticsRange {
  preset: PresetDays | "custom";
  current: DayRange;
  previous: DayRange;
  /** First and last day, yyyy-mm-dd (inclusive). */
  from: string;
  to: string;
  label: string;
  /** The URL query that selects this range, without "?". */
  query: string;
}

export type RangeResult =
  | { ok: true; range: AnalyticsRange }
  | { ok: false; field: RangeField; message: string; input: { range: string; from: string; to: string } };

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const dayLabel = (iso: string) => `${MONTHS[Number(iso.slice(5, 7)) - 1]} ${Number(iso.slice(8))}, ${iso.slice(0, 4)}`;

export const presetLabel = (days: number) => `Last ${days} Days`;

/** "2026-02-28" → that UTC midnight; anything that is not a real calendar day → null. */
export function parseDay(raw: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(raw)) return null;
  const date = new Date(`${raw}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || isoDay(date) !== raw ? null : date;
}

function build(preset: AnalyticsRange["preset"], start: Date, days: number): AnalyticsRange {
  const end = addDays(start, days);
  const from = isoDay(start);
  const to = isoDay(addDays(end, -1));
  return {
    preset,
    current: { start, end, days },
    previous: { start: addDays(start, -days), end: start, days },
    from,
    to,
    label: preset === "custom" ? `${dayLabel(from)} – ${dayLabel(to)}` : presetLabel(preset),
    query: preset === "custom" ? `range=custom&from=${from}&to=${to}` : `range=${preset}`,
  };
}

/** The `days` days ending with today (UTC). */
export function presetRange(now: Date, days: PresetDays): AnalyticsRange {
  return build(days, addDays(startOfUtcDay(now), 1 - days), days);
}

/**
 * Reads ?range=7|30|90|custom&from=yyyy-mm-dd&to=yyyy-mm-dd. No range is the last 30 days; a
 * from/to pair without range= is custom. Every refusal names the field and says how to fix it.
 */
export function parseAnalyticsRange(params: URLSearchParams, now: Date): RangeResult {
  const input = { range: params.get("range") ?? "", from: (params.get("from") ?? "").trim(), to: (params.get("to") ?? "").trim() };
  const fail = (field: RangeField, message: string): RangeResult => ({ ok: false, field, message, input });
  const kind = input.range || (input.from || input.to ? "custom" : String(DEFAULT_DAYS));
  if (kind !== "custom") {
    const days = PRESET_DAYS.find((d) => String(d) === kind);
    if (!days)
      return fail("range", `Unknown date range "${input.range}". Choose ${PRESET_DAYS.map(presetLabel).join(", ")} or a custom range.`);
    return { ok: true, range: presetRange(now, days) };
  }
  if (!input.from) return fail("from", "Enter a start date for the custom range.");
  const start = parseDay(input.from);
  if (!start)
    return fail("from", `"${input.from}" is not a date. Use the form yyyy-mm-dd, e.g. ${isoDay(addDays(startOfUtcDay(now), -13))}.`);
  if (!input.to) return fail("to", "Enter an end date for the custom range.");
  const last = parseDay(input.to);
  if (!last) return fail("to", `"${input.to}" is not a date. Use the form yyyy-mm-dd, e.g. ${isoDay(startOfUtcDay(now))}.`);
  const today = startOfUtcDay(now);
  if (last > today) return fail("to", `The end date can't be after today (${dayLabel(isoDay(today))}).`);
  if (last < start) return fail("to", `The end date (${dayLabel(input.to)}) is before the start date (${dayLabel(input.from)}).`);
  const days = Math.round((last.getTime() - start.getTime()) / DAY_MS) + 1;
  if (days > MAX_RANGE_DAYS) return fail("from", `That range is ${days} days; a range can cover at most 2 years (${MAX_RANGE_DAYS} days).`);
  return { ok: true, range: build("custom", start, days) };
}

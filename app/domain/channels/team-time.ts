// The team's timezone: times are stored in UTC and shown, entered and grouped into days in the
// team's zone. date-fns v4 with @date-fns/tz does the zone arithmetic (DST included).
import { TZDate } from "@date-fns/tz";
import { addDays, format } from "date-fns";

export const DEFAULT_TIME_ZONE = "UTC";

export function isTimeZone(value: string): boolean {
  if (!value || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** Every zone the runtime knows, for the Settings picker. */
export function timeZones(): string[] {
  const list = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return list.includes("UTC") ? list : ["UTC", ...list];
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

export type ZonedParse = { ok: true; at: Date } | { ok: false; error: string };

/**
 * "2026-03-29T09:00" in the team's zone → the UTC instant. A wall time skipped by a DST change is
 * refused (it never happens there); a repeated one (clocks go back) means its first occurrence.
 */
export function zonedToUtc(local: string, timeZone: string): ZonedParse {
  const m = LOCAL.exec(local.trim());
  if (!m) return { ok: false, error: "Enter a date and time like 2026-12-01 09:30." };
  const [y, mo, d, h, mi] = m.slice(1).map(Number);
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59) return { ok: false, error: "That date or time does not exist." };
  const candidate = new TZDate(y, mo - 1, d, h, mi, timeZone);
  if (candidate.getDate() !== d || candidate.getMonth() !== mo - 1) return { ok: false, error: "That date does not exist." };
  if (candidate.getHours() !== h || candidate.getMinutes() !== mi)
    return { ok: false, error: `${local.replace("T", " ")} does not exist in ${timeZone}: the clocks skip it. Pick a later time.` };
  const earlier = new TZDate(candidate.getTime() - 3_600_000, timeZone);
  const at = earlier.getHours() === h && earlier.getMinutes() === mi && earlier.getDate() === d ? earlier : candidate;
  return { ok: true, at: new Date(at.getTime()) };
}

/** The instant as the value of a datetime-local input in the zone: "2026-03-29T09:00". */
export function utcToZonedInput(at: Date, timeZone: string): string {
  return format(new TZDate(at.getTime(), timeZone), "yyyy-MM-dd'T'HH:mm");
}

/** "Mon 30 Nov, 09:00" in the zone. */
export function formatZoned(at: Date, timeZone: string, pattern = "EEE d MMM, HH:mm"): string {
  return format(new TZDate(at.getTime(), timeZone), pattern);
}

/** The zone's calendar day of an instant: "2026-11-30". */
export function dayKey(at: Date, timeZone: string): string {
  return format(new TZDate(at.getTime(), timeZone), "yyyy-MM-dd");
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The UTC instant the zone's day starts (a DST day is 23 or 25 hours long). */
export function startOfZonedDay(key: string, timeZone: string): Date {
  const m = DAY.exec(key);
  if (!m) throw new Error(`Not a day: ${key}`);
  return new Date(new TZDate(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 0, 0, timeZone).getTime());
}

function shiftDay(key: string, days: number): string {
  const [y, m, d] = key.split("-").map(Number);
  return format(addDays(new Date(y, m - 1, d, 12), days), "yyyy-MM-dd");
}

export interface CalendarRange {
  /** Inclusive start and exclusive end, UTC: the query's bounds. */
  start: Date;
  end: Date;
  /** The zone's day keys shown, Monday first, whole weeks. */
  days: string[];
}

function rangeOfDays(first: string, count: number, timeZone: string): CalendarRange {
  const days = Array.from({ length: count }, (_, i) => shiftDay(first, i));
  return { start: startOfZonedDay(days[0], timeZone), end: startOfZonedDay(shiftDay(days[count - 1], 1), timeZone), days };
}

const weekdayOf = (key: string) => {
  const [y, m, d] = key.split("-").map(Number);
  return (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7; // Monday 0
};

/** The month "2026-11" as whole weeks, Monday first, in the zone. */
export function monthRange(month: string, timeZone: string): CalendarRange {
  const first = `${month}-01`;
  const [y, m] = month.split("-").map(Number);
  const length = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const lead = weekdayOf(first);
  const weeks = Math.ceil((lead + length) / 7);
  return rangeOfDays(shiftDay(first, -lead), weeks * 7, timeZone);
}

/** The Monday-first week holding the day "2026-11-25", in the zone. */
export function weekRange(day: string, timeZone: string): CalendarRange {
  return rangeOfDays(shiftDay(day, -weekdayOf(day)), 7, timeZone);
}

export const isMonth = (value: string) => /^\d{4}-(0[1-9]|1[0-2])$/.test(value);
export const isDay = (value: string) => DAY.test(value) && shiftDay(value, 0) === value;

export function addMonths(month: string, by: number): string {
  const [y, m] = month.split("-").map(Number);
  const d = new Date(Date.UTC(y, m - 1 + by, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}`;
}

export { shiftDay };

/** The zone's hour (0–23) and Monday-first weekday of an instant, for best-slot shading. */
export function zonedSlot(at: Date, timeZone: string): { weekday: number; hour: number } {
  const z = new TZDate(at.getTime(), timeZone);
  return { weekday: (z.getDay() + 6) % 7, hour: z.getHours() };
}

const clocks = new Map<string, Intl.DateTimeFormat>();

/** "09:30" in the zone; a cached Intl formatter, far cheaper than date-fns per call on the calendar's hot path. */
export function zonedClock(at: Date, timeZone: string): string {
  let clock = clocks.get(timeZone);
  if (!clock)
    clocks.set(timeZone, (clock = new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" })));
  return clock.format(at);
}

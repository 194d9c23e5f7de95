export const DAY_MS = 24 * 60 * 60 * 1000;

export function startOfUtcDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}

export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export interface DayRange {
  /** First day, UTC midnight. */
  start: Date;
  /** Day after the last day, UTC midnight (exclusive). */
  end: Date;
  days: number;
}

/** The `days` days ending with today, and the same length just before. */
export function lastDays(now: Date, days: number): { current: DayRange; previous: DayRange } {
  const end = addDays(startOfUtcDay(now), 1);
  const start = addDays(end, -days);
  return { current: { start, end, days }, previous: { start: addDays(start, -days), end: start, days } };
}

/** Every day of a range as yyyy-mm-dd. */
export function daysOf(range: DayRange): string[] {
  return Array.from({ length: range.days }, (_, i) => isoDay(addDays(range.start, i)));
}

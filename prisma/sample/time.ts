import { startOfUtcDay } from "../../app/domain/dates";

export { startOfUtcDay };

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export const ago = (now: Date, ms: number) => new Date(now.getTime() - ms);

/**
 * `minutes` ago, squeezed into the part of today that has passed (up to 6 hours), so
 * "today" items stay today and keep their order even when seeded just after midnight.
 */
export function earlierToday(now: Date, minutes: number): Date {
  const elapsed = now.getTime() - startOfUtcDay(now).getTime();
  return ago(now, minutes * MINUTE * Math.min(1, elapsed / (6 * HOUR)));
}

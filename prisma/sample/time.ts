export { startOfUtcDay } from "../../app/domain/dates";

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export const ago = (now: Date, ms: number) => new Date(now.getTime() - ms);

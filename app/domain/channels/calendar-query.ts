// The calendar view's URL state (?view=calendar&cal=month|week&at=…&channel=…&postStatus=…&author=…).
import { z } from "zod";
import { ALL_CHANNELS, type Channel } from "./network-limits";
import { POST_STATUSES } from "./post-rules";
import { addMonths, isDay, isMonth, monthRange, shiftDay, weekRange, type CalendarRange } from "./team-time";

export const CalendarQuery = z.object({
  cal: z.enum(["month", "week"], { message: "Choose month or week." }).default("month"),
  /** "2026-11" for a month, "2026-11-25" (any day of it) for a week; empty means now. */
  at: z.string().max(10).default(""),
  channel: z.enum(["all", ...ALL_CHANNELS], { message: "Unknown channel." }).default("all"),
  postStatus: z.enum(["all", ...POST_STATUSES], { message: "Unknown post status." }).default("all"),
  author: z.string().max(64).default("all"),
});
export type CalendarQuery = z.infer<typeof CalendarQuery>;

export function parseCalendarQuery(params: URLSearchParams) {
  const raw = Object.fromEntries([...params.entries()].filter(([k, v]) => v !== "" && k in CalendarQuery.shape));
  return CalendarQuery.safeParse(raw);
}

export interface CalendarWindow extends CalendarRange {
  cal: "month" | "week";
  /** The month ("2026-11") or the week's Monday shown, and the neighbours to page to. */
  at: string;
  prev: string;
  next: string;
  month: string;
}

/** Which days to show, from the query and today's day in the team's zone; a bad `at` falls back to today. */
export function calendarWindow(query: Pick<CalendarQuery, "cal" | "at">, today: string, timeZone: string): CalendarWindow {
  if (query.cal === "week") {
    const day = isDay(query.at) ? query.at : isMonth(query.at) ? `${query.at}-01` : today;
    const range = weekRange(day, timeZone);
    const monday = range.days[0];
    return { ...range, cal: "week", at: monday, prev: shiftDay(monday, -7), next: shiftDay(monday, 7), month: monday.slice(0, 7) };
  }
  const month = isMonth(query.at) ? query.at : isDay(query.at) ? query.at.slice(0, 7) : today.slice(0, 7);
  return { ...monthRange(month, timeZone), cal: "month", at: month, prev: addMonths(month, -1), next: addMonths(month, 1), month };
}

/** The calendar's URL for a state, leaving defaults out. */
export function calendarHref(query: CalendarQuery, change: Partial<CalendarQuery> = {}): string {
  const next = { ...query, ...change };
  const params = new URLSearchParams({ view: "calendar" });
  if (next.cal !== "month") params.set("cal", next.cal);
  if (next.at) params.set("at", next.at);
  if (next.channel !== "all") params.set("channel", next.channel);
  if (next.postStatus !== "all") params.set("postStatus", next.postStatus);
  if (next.author !== "all") params.set("author", next.author);
  return `/library?${params.toString()}`;
}

/** One day's cell: its first posts (by time) and how many more there are. */
export interface CalendarEntry {
  id: string;
  kind: "post" | "item";
  channel: Channel | null;
  status: string;
  title: string;
  contentId: string;
  time: string;
  at: string;
  failed: boolean;
  reason: string | null;
  /** Where its item stands in an approval chain, when it is in one. */
  chain?: string | null;
}

/** What the calendar shows for a window: the team's days with their first entries, and its filters. */
export interface CalendarData {
  query: CalendarQuery;
  timeZone: string;
  window: Pick<CalendarWindow, "cal" | "at" | "prev" | "next" | "month">;
  today: string;
  days: { key: string; label: string; entries: (CalendarEntry & { chain: string | null })[]; more: number }[];
  total: number;
  authors: { id: string; name: string }[];
  /** For each day shown, the team's hour of the best slot ("HH:mm"). */
  bestSlots: Record<string, string>;
}

// The calendar's reads and its move, in the team's timezone (decision 020).
import { nextSlotStart, slotName, slotOf } from "~/domain/best-time";
import { calendarWindow, type CalendarData, type CalendarEntry, type CalendarQuery } from "~/domain/channels/calendar-query";
import { isChannel } from "~/domain/channels/network-limits";
import { dayKey, formatZoned, isDay, startOfZonedDay, utcToZonedInput, zonedClock } from "~/domain/channels/team-time";
import { schedulingSlot } from "~/models/analytics-view.server";
import { calendarPosts, channelSettings, getChannelPost } from "~/models/channel-post.server";
import { plannedPublishes } from "~/models/publish-schedule.server";
import { contentAuthors } from "~/models/user.server";
import { schedulePost, type PostResult } from "./channel-posts.server";
import { chainLabels } from "./approvals.server";

type Member = { id: string; role: string; name: string };

/** The next best slot (Best Time to Post) as the team's wall time, or null while there is none. */
export async function bestSlot(now = new Date()) {
  const settings = await channelSettings();
  const slot = await schedulingSlot(now, settings.timeZone);
  if (!slot) return null;
  const at = nextSlotStart(now, slot, settings.timeZone);
  return {
    at,
    local: utcToZonedInput(at, settings.timeZone),
    name: slotName(slot.weekday, slot.hour, settings.timeZone),
    weekday: slot.weekday,
    hour: slot.hour,
  };
}

export async function bestSlotLocal(now = new Date()): Promise<string | null> {
  return (await bestSlot(now))?.local ?? null;
}

/** Moves a scheduled post to another day at the same wall time; validated like the picker. */
export async function movePost(
  id: string,
  day: string,
  user: Member,
  now = new Date(),
  options: { override?: boolean } = {},
): Promise<PostResult> {
  if (!isDay(day)) return { ok: false, kind: "invalid", field: "scheduledAt", error: "That day does not exist." };
  const post = await getChannelPost(id);
  if (!post) return { ok: false, kind: "not-found", field: null, error: "That channel post does not exist." };
  const { timeZone } = await channelSettings();
  const time = post.scheduledAt ? utcToZonedInput(post.scheduledAt, timeZone).slice(11) : "09:00";
  if (post.scheduledAt && dayKey(post.scheduledAt, timeZone) === day && post.status === "scheduled") return { ok: true, id };
  return schedulePost(id, `${day}T${time}`, user, { now, override: options.override, act: "move" });
}

export const PER_DAY = 4;

/** Index of the day an instant falls on, by binary search over the zone's day starts. */
function dayIndex(starts: number[], t: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= t) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** The calendar's posts and items' planned dates for a window, grouped by the team's days. */
export async function calendarData(query: CalendarQuery, now = new Date()): Promise<CalendarData> {
  const settings = await channelSettings();
  const tz = settings.timeZone;
  const window = calendarWindow(query, dayKey(now, tz), tz);
  const [posts, planned, authors, best] = await Promise.all([
    calendarPosts(window, { channel: query.channel, status: query.postStatus, author: query.author }),
    query.channel === "all" && query.postStatus === "all" ? plannedPublishes(window, query.author) : Promise.resolve([]),
    contentAuthors(),
    window.cal === "week" ? bestSlot(now) : Promise.resolve(null),
  ]);
  const starts = window.days.map((d) => startOfZonedDay(d, tz).getTime());
  const buckets: { t: number; entry: CalendarEntry }[][] = window.days.map(() => []);
  for (const p of posts) {
    if (!isChannel(p.channel)) continue;
    const t = p.at.getTime();
    buckets[dayIndex(starts, t)].push({
      t,
      entry: {
        id: p.id,
        kind: "post",
        channel: p.channel,
        status: p.status,
        title: p.title,
        contentId: p.contentId,
        time: "",
        at: p.at.toISOString(),
        failed: p.status === "failed",
        reason: p.lastError,
      },
    });
  }
  for (const s of planned)
    buckets[dayIndex(starts, s.publishAt.getTime())].push({
      t: s.publishAt.getTime(),
      entry: {
        id: `item-${s.contentId}`,
        kind: "item",
        channel: null,
        status: "planned",
        title: s.content.title,
        contentId: s.contentId,
        time: "",
        at: s.publishAt.toISOString(),
        failed: false,
        reason: null,
      },
    });
  const chains = await chainLabels([...new Set(buckets.flat().map((b) => b.entry.contentId))]);
  const days = window.days.map((key, i) => {
    // Failed posts first so they are never hidden behind "+N more"; then by time.
    const sorted = buckets[i].sort((a, b) => Number(b.entry.failed) - Number(a.entry.failed) || a.t - b.t);
    const shown = sorted.slice(0, window.cal === "week" ? 12 : PER_DAY).map(({ entry }) => ({
      ...entry,
      chain: chains.get(entry.contentId) ?? null,
      time: zonedClock(new Date(entry.at), tz),
    }));
    return {
      key,
      label: formatZoned(new Date(starts[i] + 12 * 3_600_000), tz, "EEE d MMM"),
      entries: shown,
      more: sorted.length - shown.length,
    };
  });
  return {
    query,
    timeZone: tz,
    window: { cal: window.cal, at: window.at, prev: window.prev, next: window.next, month: window.month },
    today: dayKey(now, tz),
    days,
    total: posts.length + planned.length,
    authors,
    bestSlots: best ? bestHours(window.days, starts, best, tz) : {},
  };
}

/** For each day shown, the team's hour when the best slot (weekday, hour of the team's zone) falls on it. */
function bestHours(days: string[], starts: number[], slot: { weekday: number; hour: number }, tz: string): Record<string, string> {
  const out: Record<string, string> = {};
  days.forEach((key, i) => {
    const end = i + 1 < starts.length ? starts[i + 1] : starts[i] + 25 * 3_600_000;
    for (let t = starts[i]; t < end; t += 3_600_000) {
      const s = slotOf(new Date(t), tz);
      if (s.weekday === slot.weekday && s.hour === slot.hour) out[key] = formatZoned(new Date(t), tz, "HH:mm");
    }
  });
  return out;
}

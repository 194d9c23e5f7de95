import { quartileLevels } from "./analytics";
import { addDays, startOfUtcDay } from "./dates";

/** Fewer posts than this in a slot and its average is shown but never recommended. */
export const MIN_POSTS = 3;
export const WEEKDAY_NAMES = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
const FULL_WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

/** Posts published in one weekday (0 = Monday) and UTC hour, and the sum of their engagement. */
export interface BestTimeCell {
  weekday: number;
  hour: number;
  posts: number;
  engagement: number;
}

export interface BestTimeSlot {
  weekday: number;
  hour: number;
  posts: number;
  /** Average engaged views per day in a post's first week; null without posts. */
  average: number | null;
  /** 0 without posts, else 1–4 by quartile of the averages. */
  level: number;
  reliable: boolean;
  label: string;
}

export interface BestTime {
  slots: BestTimeSlot[];
  top: BestTimeSlot | null;
  posts: number;
}

/** The weekday (0 = Monday) and hour of a moment, in UTC. */
export function slotOf(date: Date): { weekday: number; hour: number } {
  return { weekday: (date.getUTCDay() + 6) % 7, hour: date.getUTCHours() };
}

const pad = (h: number) => String(h).padStart(2, "0");
export const slotName = (weekday: number, hour: number) => `${FULL_WEEKDAYS[weekday]} ${pad(hour)}:00–${pad((hour + 1) % 24)}:00 UTC`;
const postsText = (posts: number) => `${posts} ${posts === 1 ? "post" : "posts"}`;

/** Groups posts (each with its engagement) into weekday × hour cells, as the database does. */
export function groupPosts(posts: readonly { publishedAt: Date; engagement: number }[]): BestTimeCell[] {
  const cells = new Map<string, BestTimeCell>();
  for (const p of posts) {
    const { weekday, hour } = slotOf(p.publishedAt);
    const key = `${weekday}:${hour}`;
    const cell = cells.get(key) ?? { weekday, hour, posts: 0, engagement: 0 };
    cells.set(key, { ...cell, posts: cell.posts + 1, engagement: cell.engagement + p.engagement });
  }
  return [...cells.values()];
}

/**
 * All 7 × 24 slots with their post counts and average engagement, and the recommended slot: the
 * highest average among slots with at least `minPosts` posts (ties: more posts, then earlier in the week).
 */
export function bestTime(cells: readonly BestTimeCell[], minPosts = MIN_POSTS): BestTime {
  const byKey = new Map(cells.map((c) => [`${c.weekday}:${c.hour}`, c]));
  const raw = Array.from({ length: 7 * 24 }, (_, i) => {
    const weekday = Math.floor(i / 24);
    const hour = i % 24;
    const cell = byKey.get(`${weekday}:${hour}`);
    const posts = cell?.posts ?? 0;
    return { weekday, hour, posts, average: posts ? cell!.engagement / posts : null };
  });
  const filled = raw.filter((s) => s.average !== null);
  const levels = quartileLevels(filled.map((s) => s.average!));
  const levelOf = new Map(filled.map((s, i) => [s, levels[i]]));
  const slots: BestTimeSlot[] = raw.map((s) => {
    const reliable = s.posts >= minPosts;
    const detail =
      s.average === null
        ? "no posts"
        : `${postsText(s.posts)}, ${Math.round(s.average).toLocaleString("en-US")} engaged views a day in the first week${reliable ? "" : ` (too few posts to trust; ${minPosts} needed)`}`;
    return { ...s, level: levelOf.get(s) ?? 0, reliable, label: `${slotName(s.weekday, s.hour)}: ${detail}` };
  });
  const top =
    slots
      .filter((s) => s.reliable)
      .sort((a, b) => b.average! - a.average! || b.posts - a.posts || a.weekday - b.weekday || a.hour - b.hour)[0] ?? null;
  return { slots, top, posts: filled.reduce((sum, s) => sum + s.posts, 0) };
}

/** The next start of `weekday` (0 = Monday) at `hour`:00 UTC strictly after `now`. */
export function nextSlotStart(now: Date, slot: { weekday: number; hour: number }): Date {
  const today = startOfUtcDay(now);
  const ahead = (slot.weekday - slotOf(today).weekday + 7) % 7;
  let at = new Date(addDays(today, ahead).getTime() + slot.hour * 3_600_000);
  if (at <= now) at = addDays(at, 7);
  return at;
}

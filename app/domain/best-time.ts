import { quartileLevels } from "./analytics";
import { dayKey, zonedSlot, zonedToUtc } from "./channels/team-time";

/**
 * Fewer posts than this in a slot and its average is shown but never recommended. Three is the least
 * that keeps one post from deciding: a single hit is a third of the average at most, and a team
 * posting a few times a week reaches three in its usual hours within the 90 days the scheduler reads.
 * Five would be steadier, but most slots of a small team's 90 days never reach it.
 */
export const MIN_POSTS = 3;
/** Why MIN_POSTS, in the screen's words. */
export const MIN_POSTS_REASON = `A time is recommended only once ${MIN_POSTS} posts whose first week is over went out then, so that no single post decides it.`;
/** A post counts once its first week (the day it went out and six more) is over. */
export const FIRST_WEEK_DAYS = 7;
export const WEEKDAY_NAMES = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
const FULL_WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

/** Posts published in one weekday (0 = Monday) and hour of the team's zone, and the sum of their engagement. */
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
  /** The zone the weekdays and hours are in: the team's. */
  timeZone: string;
}

/** One channel's recommendation: its best slot with MIN_POSTS or more posts, or none yet. */
export interface ChannelBestTime {
  channel: string;
  posts: number;
  top: { weekday: number; hour: number; posts: number; average: number; name: string } | null;
}

/** The weekday (0 = Monday) and hour of a moment in the zone (UTC unless given). */
export function slotOf(date: Date, timeZone = "UTC"): { weekday: number; hour: number } {
  return zonedSlot(date, timeZone);
}

const pad = (h: number) => String(h).padStart(2, "0");
/** "Tuesday 09:00–10:00 (Europe/London)"; UTC is named as such. */
export const slotName = (weekday: number, hour: number, timeZone = "UTC") =>
  `${FULL_WEEKDAYS[weekday]} ${pad(hour)}:00–${pad((hour + 1) % 24)}:00 ${timeZone === "UTC" ? "UTC" : `(${timeZone})`}`;
const postsText = (posts: number) => `${posts} ${posts === 1 ? "post" : "posts"}`;

/** Groups posts (each with its engagement) into weekday × hour cells of the zone. */
export function groupPosts(posts: readonly { publishedAt: Date; engagement: number }[], timeZone = "UTC"): BestTimeCell[] {
  const cells = new Map<string, BestTimeCell>();
  for (const p of posts) {
    const { weekday, hour } = slotOf(p.publishedAt, timeZone);
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
export function bestTime(cells: readonly BestTimeCell[], minPosts = MIN_POSTS, timeZone = "UTC"): BestTime {
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
    return { ...s, level: levelOf.get(s) ?? 0, reliable, label: `${slotName(s.weekday, s.hour, timeZone)}: ${detail}` };
  });
  const top =
    slots
      .filter((s) => s.reliable)
      .sort((a, b) => b.average! - a.average! || b.posts - a.posts || a.weekday - b.weekday || a.hour - b.hour)[0] ?? null;
  return { slots, top, posts: filled.reduce((sum, s) => sum + s.posts, 0), timeZone };
}

/** Each channel's own best slot, from its posts (published time and engagement), in the zone. */
export function bestTimeByChannel(
  posts: readonly { channel: string; publishedAt: Date; engagement: number }[],
  timeZone: string,
): ChannelBestTime[] {
  const byChannel = new Map<string, { publishedAt: Date; engagement: number }[]>();
  for (const p of posts) byChannel.set(p.channel, [...(byChannel.get(p.channel) ?? []), p]);
  return [...byChannel.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([channel, list]) => {
      const top = bestTime(groupPosts(list, timeZone), MIN_POSTS, timeZone).top;
      return {
        channel,
        posts: list.length,
        top: top
          ? {
              weekday: top.weekday,
              hour: top.hour,
              posts: top.posts,
              average: top.average!,
              name: slotName(top.weekday, top.hour, timeZone),
            }
          : null,
      };
    });
}

/** The next start of `weekday` (0 = Monday) at `hour`:00 in the zone, strictly after `now`. */
export function nextSlotStart(now: Date, slot: { weekday: number; hour: number }, timeZone = "UTC"): Date {
  // Day by day in the zone's calendar (a DST day is 23 or 25 hours); an hour a DST jump skips is passed over.
  for (let i = 0; i <= 8 * 24; i += 12) {
    const day = dayKey(new Date(now.getTime() + i * 3_600_000), timeZone);
    const local = zonedToUtc(`${day}T${pad(slot.hour)}:00`, timeZone);
    if (!local.ok || local.at <= now) continue;
    const at = slotOf(local.at, timeZone);
    if (at.weekday === slot.weekday && at.hour === slot.hour) return local.at;
  }
  throw new Error(`No ${slotName(slot.weekday, slot.hour, timeZone)} in the next eight days`);
}

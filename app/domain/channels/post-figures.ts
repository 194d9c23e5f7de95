// A network's own counts for one post (decision 050): when they are pulled, how they map onto the
// studio's daily figures, and the line the Channels panel shows.
import { timeAgo } from "~/domain/relative-time";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** After posting: 1 hour, 24 hours, 7 days, then every day up to 30 days. */
export const PULL_OFFSETS_MS: readonly number[] = [HOUR, DAY, ...Array.from({ length: 24 }, (_, i) => (7 + i) * DAY)];

/** The first pull slot strictly after `after`, or null once the 30 days are over. Missed slots are not caught up one by one. */
export function nextPullAt(postedAt: Date, after: Date): Date | null {
  for (const offset of PULL_OFFSETS_MS) {
    const at = postedAt.getTime() + offset;
    if (at > after.getTime()) return new Date(at);
  }
  return null;
}

/** What a network reports for one post, lifetime totals; null where its API does not give that count. */
export interface PostCounts {
  likes: number | null;
  reposts: number | null;
  replies: number | null;
  quotes: number | null;
  impressions: number | null;
  clicks: number | null;
}

export const NO_COUNTS: PostCounts = { likes: null, reposts: null, replies: null, quotes: null, impressions: null, clicks: null };

/** The studio's figure names (ChannelPostMetric) for a network's lifetime counts: reposts and quotes are shares, replies comments. */
export function lifetimeFigures(counts: PostCounts) {
  const shares = counts.reposts === null && counts.quotes === null ? null : (counts.reposts ?? 0) + (counts.quotes ?? 0);
  return { impressions: counts.impressions, likes: counts.likes, comments: counts.replies, shares, clicks: counts.clicks };
}

export type LifetimeFigures = ReturnType<typeof lifetimeFigures>;
type Day = { impressions: number; likes: number; comments: number; shares: number; clicks: number };

/**
 * Today's daily figures so that the post's days add up to the network's lifetime totals: the total
 * minus every other day already stored (never below 0). A count the network does not give keeps today's value.
 */
export function todayFrom(lifetime: LifetimeFigures, otherDays: Day, today: Day): Day {
  const pick = (f: keyof Day) => {
    const total = lifetime[f];
    return total === null ? today[f] : Math.max(0, total - otherDays[f]);
  };
  return {
    impressions: pick("impressions"),
    likes: pick("likes"),
    comments: pick("comments"),
    shares: pick("shares"),
    clicks: pick("clicks"),
  };
}

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/** "42 likes · 7 reposts · 3 replies · updated 2 hours ago": the counts the network gives, and their age. */
export function figuresLine(counts: PostCounts, pulledAt: Date, now: Date): string {
  const parts = [
    counts.likes !== null ? plural(counts.likes, "like") : null,
    counts.reposts !== null ? plural(counts.reposts, "repost") : null,
    counts.replies !== null ? plural(counts.replies, "reply", "replies") : null,
    // Quotes are counted in shares too; named only when there are some.
    counts.quotes ? plural(counts.quotes, "quote") : null,
    counts.impressions !== null ? plural(counts.impressions, "impression") : null,
    counts.clicks !== null ? plural(counts.clicks, "link click") : null,
  ].filter((p): p is string => p !== null);
  return [...parts, `updated ${timeAgo(pulledAt, now)}`].join(" · ");
}

/** What the panel says for a published post whose figures are not in yet. */
export const FIGURES_PENDING = "Figures arrive about an hour after posting.";

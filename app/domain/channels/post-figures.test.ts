import { describe, expect, it } from "vitest";
import { figuresLine, lifetimeFigures, nextPullAt, todayFrom, NO_COUNTS } from "./post-figures";

const HOUR = 3_600_000;
const t0 = new Date("2026-11-27T09:30:00Z");
const at = (ms: number) => new Date(t0.getTime() + ms);

describe("nextPullAt", () => {
  it("is 1 h, 24 h, 7 days, then each day to 30 days after posting, then none", () => {
    const slots: number[] = [];
    for (let next = nextPullAt(t0, t0); next; next = nextPullAt(t0, next)) slots.push((next.getTime() - t0.getTime()) / HOUR);
    expect(slots).toEqual([1, 24, ...Array.from({ length: 24 }, (_, i) => (7 + i) * 24)]);
    expect(nextPullAt(t0, at(30 * 24 * HOUR))).toBeNull();
  });
});

describe("the counts", () => {
  it("map reposts and quotes to shares and replies to comments; a count not given stays unknown", () => {
    expect(lifetimeFigures({ ...NO_COUNTS, likes: 4, reposts: 2, quotes: 1, replies: 3 })).toEqual({
      impressions: null,
      likes: 4,
      comments: 3,
      shares: 3,
      clicks: null,
    });
  });

  it("set today to the total less the other days, never below 0, keeping what a network does not give", () => {
    const day = { impressions: 50, likes: 0, comments: 0, shares: 0, clicks: 2 };
    const others = { impressions: 100, likes: 10, comments: 1, shares: 5, clicks: 0 };
    const lifetime = { impressions: null, likes: 25, comments: 0, shares: 7, clicks: null };
    expect(todayFrom(lifetime, others, day)).toEqual({ impressions: 50, likes: 15, comments: 0, shares: 2, clicks: 2 });
  });

  it("read as one line with their age", () => {
    const counts = { ...NO_COUNTS, likes: 1200, reposts: 1, replies: 3 };
    expect(figuresLine(counts, t0, at(2 * HOUR))).toBe("1,200 likes · 1 repost · 3 replies · updated 2 hours ago");
  });
});

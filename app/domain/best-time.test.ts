import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bestTime, groupPosts, MIN_POSTS, nextSlotStart, slotOf } from "./best-time";

// 2026-11-16 is a Monday.
const at = (iso: string, engagement: number) => ({ publishedAt: new Date(iso), engagement });

describe("groupPosts", () => {
  it("groups by UTC weekday (Monday first) and hour, counting posts and summing engagement", () => {
    const cells = groupPosts([at("2026-11-16T10:05:00Z", 10), at("2026-11-23T10:59:00Z", 30), at("2026-11-22T23:00:00Z", 7)]);
    expect(cells).toEqual([
      { weekday: 0, hour: 10, posts: 2, engagement: 40 },
      { weekday: 6, hour: 23, posts: 1, engagement: 7 },
    ]);
  });
});

describe("bestTime", () => {
  it("recommends the best average among slots with enough posts, never a slot built on fewer", () => {
    const cells = [
      { weekday: 1, hour: 10, posts: 3, engagement: 300 }, // Tue 10: average 100
      { weekday: 3, hour: 9, posts: 4, engagement: 320 }, // Thu 9: average 80
      { weekday: 5, hour: 20, posts: 2, engagement: 1000 }, // Sat 20: average 500 from 2 posts
    ];
    const result = bestTime(cells);
    expect(result.slots).toHaveLength(168);
    expect(result.posts).toBe(9);
    expect(result.top).toMatchObject({ weekday: 1, hour: 10, posts: 3, average: 100, reliable: true });
    const sat = result.slots.find((s) => s.weekday === 5 && s.hour === 20)!;
    expect(sat).toMatchObject({ posts: 2, reliable: false, level: 3 });
    expect(sat.label).toBe(
      `Saturday 20:00–21:00 UTC: 2 posts, 500 engaged views a day in the first week (too few posts to trust; ${MIN_POSTS} needed)`,
    );
    expect(result.slots.find((s) => s.weekday === 0 && s.hour === 0)).toMatchObject({
      posts: 0,
      average: null,
      level: 0,
      label: "Monday 00:00–01:00 UTC: no posts",
    });
  });
  it("has no recommendation when no slot has enough posts, or no posts at all", () => {
    expect(bestTime([{ weekday: 0, hour: 9, posts: 2, engagement: 50 }]).top).toBeNull();
    expect(bestTime([])).toMatchObject({ top: null, posts: 0 });
  });
  it("breaks ties by more posts, then earlier in the week", () => {
    const top = bestTime([
      { weekday: 2, hour: 9, posts: 3, engagement: 30 },
      { weekday: 4, hour: 9, posts: 5, engagement: 50 },
      { weekday: 1, hour: 9, posts: 5, engagement: 50 },
    ]).top;
    expect([top?.weekday, top?.hour]).toEqual([1, 9]);
  });
  it("the recommendation is always reliable and at least as good as every reliable slot (property)", () => {
    const cell = fc.record({
      weekday: fc.integer({ min: 0, max: 6 }),
      hour: fc.integer({ min: 0, max: 23 }),
      posts: fc.integer({ min: 1, max: 9 }),
      engagement: fc.integer({ min: 0, max: 5000 }),
    });
    fc.assert(
      fc.property(fc.uniqueArray(cell, { selector: (c) => `${c.weekday}:${c.hour}`, maxLength: 40 }), (cells) => {
        const { top, slots, posts } = bestTime(cells);
        expect(posts).toBe(cells.reduce((s, c) => s + c.posts, 0));
        const reliable = slots.filter((s) => s.reliable);
        if (reliable.length === 0) {
          expect(top).toBeNull();
        } else {
          expect(top!.posts).toBeGreaterThanOrEqual(MIN_POSTS);
          for (const s of reliable) expect(top!.average!).toBeGreaterThanOrEqual(s.average!);
        }
      }),
    );
  });
});

describe("slots in time", () => {
  it("slotOf reads the UTC weekday and hour", () => {
    expect(slotOf(new Date("2026-11-22T23:30:00Z"))).toEqual({ weekday: 6, hour: 23 });
  });
  it("nextSlotStart is the next start of that weekday and hour, strictly after now", () => {
    const now = new Date("2026-11-18T10:30:00Z"); // Wednesday
    expect(nextSlotStart(now, { weekday: 3, hour: 9 }).toISOString()).toBe("2026-11-19T09:00:00.000Z");
    expect(nextSlotStart(now, { weekday: 2, hour: 11 }).toISOString()).toBe("2026-11-18T11:00:00.000Z");
    expect(nextSlotStart(now, { weekday: 2, hour: 10 }).toISOString()).toBe("2026-11-25T10:00:00.000Z");
    expect(nextSlotStart(now, { weekday: 0, hour: 0 }).toISOString()).toBe("2026-11-23T00:00:00.000Z");
  });
  it("finds the next slot in the team's zone, across a clock change", () => {
    // Saturday 24 October 2026, 12:00 UTC; London leaves summer time the next day.
    const now = new Date("2026-10-24T12:00:00Z");
    expect(nextSlotStart(now, { weekday: 0, hour: 9 }, "Europe/London").toISOString()).toBe("2026-10-26T09:00:00.000Z");
    expect(nextSlotStart(now, { weekday: 5, hour: 9 }, "Europe/London").toISOString()).toBe("2026-10-31T09:00:00.000Z");
    expect(nextSlotStart(now, { weekday: 5, hour: 14 }, "Europe/London").toISOString()).toBe("2026-10-24T13:00:00.000Z");
  });
});

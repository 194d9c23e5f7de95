import { describe, expect, it } from "vitest";
import { FIRST_WEEK_DAYS, MIN_POSTS, groupPosts } from "~/domain/best-time";
import { SAMPLE_TIME_ZONE } from "./people";
import { sampleContent } from "./content";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The slots (weekday × hour in the team's zone) with MIN_POSTS or more posts whose first week is over. */
function eligibleSlots(now: Date, rangeDays: number) {
  const posts = sampleContent(now).flatMap((item) => {
    if (!item.publishedAt || item.archivedAt) return [];
    const age = now.getTime() - item.publishedAt.getTime();
    return age >= FIRST_WEEK_DAYS * DAY && age <= rangeDays * DAY ? [{ publishedAt: item.publishedAt, engagement: 0 }] : [];
  });
  return groupPosts(posts, SAMPLE_TIME_ZONE).filter((cell) => cell.posts >= MIN_POSTS);
}

describe("the sample content's Best Time to Post", () => {
  it("has one slot with three finished first weeks, 09:00 in the team's zone, whenever it is seeded", () => {
    for (let h = 0; h < 14 * 24; h++) {
      const now = new Date(Date.UTC(2026, 10, 16) + h * HOUR + 50 * 60_000);
      for (const range of [90, 365]) {
        const slots = eligibleSlots(now, range).map((c) => c.hour);
        expect(slots, `${now.toISOString()}, last ${range} days`).toEqual([9]);
      }
      expect(eligibleSlots(now, 30), now.toISOString()).toEqual([]);
    }
  });
});

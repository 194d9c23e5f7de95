import { describe, expect, it } from "vitest";
import { dayKey, isDay, monthRange, startOfZonedDay, utcToZonedInput, weekRange, zonedToUtc } from "./team-time";

const at = (s: string) => new Date(s).toISOString();

describe("zonedToUtc", () => {
  it("reads a wall time in the team's zone", () => {
    const r = zonedToUtc("2026-11-30T09:00", "Europe/Berlin");
    expect(r.ok && at(r.at.toISOString())).toBe("2026-11-30T08:00:00.000Z");
  });

  it("refuses a time the spring-forward change skips", () => {
    const r = zonedToUtc("2026-03-29T02:30", "Europe/Berlin");
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toMatch(/does not exist/);
  });

  it("takes the first of a wall time the fall-back change repeats", () => {
    const r = zonedToUtc("2026-10-25T02:30", "Europe/Berlin");
    expect(r.ok && r.at.toISOString()).toBe("2026-10-25T00:30:00.000Z");
  });

  it("handles the US change on its own date", () => {
    const before = zonedToUtc("2026-03-07T09:00", "America/New_York");
    const after = zonedToUtc("2026-03-09T09:00", "America/New_York");
    expect(before.ok && before.at.toISOString()).toBe("2026-03-07T14:00:00.000Z");
    expect(after.ok && after.at.toISOString()).toBe("2026-03-09T13:00:00.000Z");
  });

  it("refuses invalid dates and shapes", () => {
    expect(zonedToUtc("2026-02-30T09:00", "UTC").ok).toBe(false);
    expect(zonedToUtc("2026-13-01T09:00", "UTC").ok).toBe(false);
    expect(zonedToUtc("tomorrow", "UTC").ok).toBe(false);
    expect(zonedToUtc("2026-01-01T24:00", "UTC").ok).toBe(false);
  });

  it("round-trips through the input format", () => {
    for (const tz of ["UTC", "Europe/Berlin", "America/Los_Angeles", "Asia/Kolkata", "Australia/Lord_Howe"]) {
      const r = zonedToUtc("2026-07-01T23:45", tz);
      expect(r.ok && utcToZonedInput(r.at, tz)).toBe("2026-07-01T23:45");
    }
  });
});

describe("days in the zone", () => {
  it("puts an instant just after midnight on the zone's next day", () => {
    expect(dayKey(new Date("2026-11-30T23:30:00Z"), "Europe/Berlin")).toBe("2026-12-01");
    expect(dayKey(new Date("2026-12-01T04:30:00Z"), "America/New_York")).toBe("2026-11-30");
  });

  it("starts the zone's day at its midnight, 23 hours long on spring-forward day", () => {
    const start = startOfZonedDay("2026-03-29", "Europe/Berlin");
    const next = startOfZonedDay("2026-03-30", "Europe/Berlin");
    expect(start.toISOString()).toBe("2026-03-28T23:00:00.000Z");
    expect((next.getTime() - start.getTime()) / 3_600_000).toBe(23);
  });

  it("validates day keys", () => {
    expect(isDay("2026-02-28")).toBe(true);
    expect(isDay("2026-02-29")).toBe(false);
    expect(isDay("2028-02-29")).toBe(true);
  });
});

describe("calendar ranges", () => {
  it("covers a month in whole Monday-first weeks, bounded at the zone's midnights", () => {
    const r = monthRange("2026-11", "Europe/Berlin");
    expect(r.days[0]).toBe("2026-10-26");
    expect(r.days.at(-1)).toBe("2026-12-06");
    expect(r.days.length % 7).toBe(0);
    expect(r.start.toISOString()).toBe("2026-10-25T23:00:00.000Z");
    expect(r.end.toISOString()).toBe("2026-12-06T23:00:00.000Z");
  });

  it("keeps a post at 00:30 on the 1st in its month and out of the previous one", () => {
    const post = zonedToUtc("2026-12-01T00:30", "America/New_York");
    if (!post.ok) throw new Error("parse");
    const dec = monthRange("2026-12", "America/New_York");
    expect(post.at >= dec.start && post.at < dec.end).toBe(true);
    expect(dec.days).toContain(dayKey(post.at, "America/New_York"));
    const oct = monthRange("2026-10", "America/New_York");
    expect(post.at >= oct.end).toBe(true);
  });

  it("makes a week across the fall-back change 169 hours long", () => {
    const r = weekRange("2026-10-28", "Europe/Berlin");
    expect(r.days).toEqual(["2026-10-26", "2026-10-27", "2026-10-28", "2026-10-29", "2026-10-30", "2026-10-31", "2026-11-01"]);
    const w = weekRange("2026-10-21", "Europe/Berlin");
    expect((w.end.getTime() - w.start.getTime()) / 3_600_000).toBe(169);
  });

  it("handles a year boundary and a leap February", () => {
    expect(weekRange("2027-01-01", "UTC").days[0]).toBe("2026-12-28");
    expect(monthRange("2028-02", "UTC").days).toContain("2028-02-29");
  });
});

it("formats the zone's clock like date-fns does", async () => {
  const { zonedClock, formatZoned } = await import("./team-time");
  for (const iso of [
    "2026-03-29T00:59:00Z",
    "2026-03-29T01:00:00Z",
    "2026-10-25T00:30:00Z",
    "2026-10-25T01:30:00Z",
    "2026-12-31T23:59:00Z",
  ])
    for (const tz of ["Europe/London", "America/New_York", "Asia/Kolkata"])
      expect(zonedClock(new Date(iso), tz)).toBe(formatZoned(new Date(iso), tz, "HH:mm"));
});

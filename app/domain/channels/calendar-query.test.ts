import { describe, expect, it } from "vitest";
import { calendarHref, calendarWindow, parseCalendarQuery } from "./calendar-query";

describe("calendarWindow", () => {
  it("shows the asked month in whole weeks, with neighbours across the year end", () => {
    const w = calendarWindow({ cal: "month", at: "2026-12" }, "2026-11-25", "Europe/London");
    expect([w.days[0], w.days.at(-1), w.prev, w.next]).toEqual(["2026-11-30", "2027-01-03", "2026-11", "2027-01"]);
  });

  it("falls back to today's month or week for a missing or bad `at`", () => {
    expect(calendarWindow({ cal: "month", at: "2026-13" }, "2026-11-25", "UTC").at).toBe("2026-11");
    expect(calendarWindow({ cal: "week", at: "" }, "2026-11-25", "UTC").at).toBe("2026-11-23");
    expect(calendarWindow({ cal: "week", at: "2026-11-29" }, "2026-11-25", "UTC").days).toHaveLength(7);
  });

  it("bounds a week in New York at its local midnights, an hour longer across the November change", () => {
    const w = calendarWindow({ cal: "week", at: "2026-11-02" }, "2026-11-25", "America/New_York");
    expect(w.start.toISOString()).toBe("2026-11-02T05:00:00.000Z");
    const before = calendarWindow({ cal: "week", at: "2026-10-28" }, "2026-11-25", "America/New_York");
    expect((before.end.getTime() - before.start.getTime()) / 3_600_000).toBe(169);
  });
});

it("reads and writes the URL state, refusing unknown values", () => {
  const q = parseCalendarQuery(new URLSearchParams("view=calendar&cal=week&at=2026-11-23&channel=twitter&q=ignored"));
  expect(q.success && q.data).toMatchObject({ cal: "week", at: "2026-11-23", channel: "twitter", postStatus: "all" });
  expect(parseCalendarQuery(new URLSearchParams("channel=myspace")).success).toBe(false);
  expect(calendarHref(q.success ? q.data : ({} as never), { postStatus: "failed" })).toBe(
    "/library?view=calendar&cal=week&at=2026-11-23&channel=twitter&postStatus=failed",
  );
});

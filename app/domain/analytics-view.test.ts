import { describe, expect, it } from "vitest";
import { summarize } from "./analytics";
import {
  dailyReport, escapeCsvCell, heatmapCells, heatmapRange, longDate, parseRange, shortDate, summaryCards, toCsv, topContent, typeSlices,
} from "./analytics-view";
import { isoDay } from "./dates";

const day = (date: string, views: number, engagedViews = 0) => ({ date, views, shares: 1, engagedViews, timeSpentSec: views * 60 });

describe("parseRange", () => {
  it("defaults to 30 and accepts 7, 30, 90", () => {
    expect(parseRange(null)).toBe(30);
    expect(parseRange("")).toBe(30);
    expect([parseRange("7"), parseRange("30"), parseRange("90")]).toEqual([7, 30, 90]);
  });
  it("rejects anything else", () => {
    for (const raw of ["14", "30.0", " 30", "abc", "-7"]) expect(parseRange(raw)).toBeNull();
  });
});

describe("escapeCsvCell", () => {
  it("prefixes formula starters with a single quote", () => {
    expect(escapeCsvCell("=SUM(A1)")).toBe("'=SUM(A1)");
    expect(escapeCsvCell("+1")).toBe("'+1");
    expect(escapeCsvCell("-1")).toBe("'-1");
    expect(escapeCsvCell("@cmd")).toBe("'@cmd");
    expect(escapeCsvCell("\tx")).toBe("'\tx");
  });
  it("leaves plain text and numbers alone, quotes separators", () => {
    expect(escapeCsvCell("2026-11-20")).toBe("2026-11-20");
    expect(escapeCsvCell(-3)).toBe("-3");
    expect(escapeCsvCell('a,"b"')).toBe('"a,""b"""');
    expect(escapeCsvCell("=a,b")).toBe(`"'=a,b"`);
  });
  it("toCsv joins rows with CRLF", () => {
    expect(toCsv([["a", 1], ["=b", 2]])).toBe("a,1\r\n'=b,2\r\n");
  });
});

describe("dailyReport", () => {
  it("has a header and one row per day with rate % and seconds per view", () => {
    const rows = dailyReport([day("2026-11-01", 200, 170), day("2026-11-02", 0)]);
    expect(rows).toHaveLength(3);
    expect(rows[1]).toEqual(["2026-11-01", 200, 1, 170, 85, 60]);
    expect(rows[2]).toEqual(["2026-11-02", 0, 1, 0, 0, 0]);
  });
});

describe("summaryCards", () => {
  it("formats the seed's figures", () => {
    const cur = { views: 12512, shares: 3214, engagedViews: 10635, timeSpentSec: 12512 * 144 };
    const prev = { views: 10600, shares: 2590, engagedViews: 8586, timeSpentSec: 10600 * 128.5 };
    const cards = summaryCards(summarize(cur, prev), 30);
    expect(cards.map((c) => [c.value, c.change])).toEqual([["12.5K", "+18%"], ["3.2K", "+24%"], ["2.4m", "+12%"], ["85%", "+5%"]]);
    expect(cards[0].period).toBe("vs prior 30 days");
  });
});

describe("dates", () => {
  it("formats without time zone drift", () => {
    expect(shortDate("2026-01-05")).toBe("Jan 5");
    expect(longDate("2026-11-20")).toBe("Fri, Nov 20, 2026");
  });
  it("heatmapRange covers the 4 full weeks before this week, Monday first", () => {
    for (const now of ["2026-11-20T12:00:00Z", "2026-11-23T00:00:00Z", "2026-11-29T23:59:59Z"]) {
      const r = heatmapRange(new Date(now));
      expect(isoDay(r.start)).toBe(now < "2026-11-23" ? "2026-10-19" : "2026-10-26");
      expect(r.start.getUTCDay()).toBe(1);
      expect(r.days).toBe(28);
      expect(r.end.getTime() - r.start.getTime()).toBe(28 * 86_400_000);
    }
  });
});

describe("heatmapCells", () => {
  it("gives levels and a tooltip with date, value and share", () => {
    const cells = heatmapCells([10, 20, 30, 40].map((v, i) => ({ date: `2026-11-0${i + 2}`, engagedViews: v })));
    expect(cells.map((c) => c.level)).toEqual([1, 2, 3, 4]);
    expect(cells[0].label).toBe("Mon, Nov 2, 2026: 10 engaged views, 10.0% of the 4-week total");
  });
  it("copes with an all-zero period", () => {
    expect(heatmapCells([{ date: "2026-11-02", engagedViews: 0 }])[0].label).toContain("0.0%");
  });
});

describe("typeSlices and topContent", () => {
  it("sums views per type in slice order", () => {
    const slices = typeSlices([{ type: "social", views: 5 }, { type: "blog", views: 2 }, { type: "social", views: 1 }, { type: "video", views: 9 }]);
    expect(slices.map((s) => [s.label, s.value])).toEqual([["Blog Posts", 2], ["Social Media", 6], ["Captions", 0], ["Articles", 0]]);
  });
  it("ranks by views and labels performance", () => {
    const item = (id: string, views: number, engagedViews: number) => ({ id, title: id, views, shares: 0, engagedViews });
    const rows = topContent([item("a", 10, 9), item("b", 30, 20), item("c", 20, 4)], 2);
    expect(rows.map((r) => [r.id, r.performance])).toEqual([["b", "Medium"], ["c", "Low"]]);
  });
});

import { describe, expect, it } from "vitest";
import { summarize } from "./analytics";
import fc from "fast-check";
import { heatmapCells, heatmapRange, longDate, shortDate, summaryCards, topContent, typeSlices } from "./analytics-view";
import { dailyReport, itemReport, ITEM_HEADER, neutralizeCell, toCsv } from "./report-csv";
import { isoDay } from "./dates";

const day = (date: string, views: number, engagedViews = 0) => ({ date, views, shares: 1, engagedViews, timeSpentSec: views * 60 });

/** RFC 4180 reader for the tests: CRLF records, "" inside quotes. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      row.push(cell);
      cell = "";
    } else if (ch === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += ch;
  }
  return rows;
}

describe("CSV export", () => {
  it("neutralises text starting with = + - @ tab or a line break, and only text", () => {
    for (const bad of ["=SUM(A1)", "+1", "-1", "@cmd", "\tx", "\rx", "\nx"]) expect(neutralizeCell(bad)).toBe(`'${bad}`);
    expect(neutralizeCell(-3)).toBe(-3);
    expect(neutralizeCell("2026-11-20")).toBe("2026-11-20");
    expect(neutralizeCell("a=b")).toBe("a=b");
  });
  it("writes CRLF rows, quoting separators, quotes and line breaks", () => {
    expect(
      toCsv([
        ["a", 1],
        ["=b", -2],
      ]),
    ).toBe("a,1\r\n'=b,-2\r\n");
    expect(toCsv([['a,"b"', "x\ny"]])).toBe('"a,""b""","x\ny"\r\n');
    expect(toCsv([["=a,b"]])).toBe(`"'=a,b"\r\n`);
  });
  it("never lets a cell start a formula, whatever the text (property)", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.array(fc.string({ unit: fc.constantFrom("a", "=", "+", "-", "@", ",", '"', "\r", "\n", "\t", " ", "é") }), {
            minLength: 1,
            maxLength: 4,
          }),
          { minLength: 1, maxLength: 5 },
        ),
        (rows) => {
          const parsed = parseCsv(toCsv(rows));
          expect(parsed).toHaveLength(rows.length);
          parsed.flat().forEach((cell: string, i: number) => {
            expect(cell).not.toMatch(/^[=+\-@\t\r\n]/);
            const original = rows.flat()[i];
            expect(cell === original || cell === `'${original}`).toBe(true);
          });
        },
      ),
    );
  });
  it("the per-item report labels performance and neutralises titles", () => {
    const rows = itemReport([
      { title: "=HYPERLINK(1)", type: "blog", status: "published", views: 100, shares: 5, engagedViews: 55, timeSpentSec: 6000 },
    ]);
    expect(rows[0]).toEqual(ITEM_HEADER);
    expect(rows[1]).toEqual(["=HYPERLINK(1)", "blog", "published", 100, 5, 55, 55, 60, "Low"]);
    expect(toCsv(rows).split("\r\n")[1]).toBe("'=HYPERLINK(1),blog,published,100,5,55,55,60,Low");
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
    expect(cards.map((c) => [c.value, c.change])).toEqual([
      ["12.5K", "+18%"],
      ["3.2K", "+24%"],
      ["2.4m", "+12%"],
      ["85%", "+5%"],
    ]);
    expect(cards[0].period).toBe("vs prior 30 days");
  });
});

describe("dates", () => {
  it("formats without time zone drift", () => {
    expect(shortDate("2026-01-05")).toBe("Jan 5");
    expect(longDate("2026-11-20")).toBe("Fri, Nov 20, 2026");
  });
  it("heatmapRange covers the 4 Monday-first weeks ending with the range's last week", () => {
    for (const [last, start] of [
      ["2026-11-20", "2026-10-26"],
      ["2026-11-22", "2026-10-26"],
      ["2026-11-23", "2026-11-02"],
    ]) {
      const end = new Date(`${last}T00:00:00Z`).getTime() + 86_400_000;
      const r = heatmapRange({ start: new Date(end - 7 * 86_400_000), end: new Date(end), days: 7 });
      expect(isoDay(r.start)).toBe(start);
      expect(r.start.getUTCDay()).toBe(1);
      expect(r.days).toBe(28);
      expect(r.end.getTime() - r.start.getTime()).toBe(28 * 86_400_000);
    }
  });
});

describe("heatmapCells", () => {
  const range = (from: string, to: string) => ({
    start: new Date(`${from}T00:00:00Z`),
    end: new Date(new Date(`${to}T00:00:00Z`).getTime() + 86_400_000),
  });
  it("gives quartile levels and a tooltip with date, value and share", () => {
    const cells = heatmapCells(
      [10, 20, 30, 40].map((v, i) => ({ date: `2026-11-0${i + 2}`, engagedViews: v })),
      range("2026-11-02", "2026-11-05"),
    );
    expect(cells.map((c) => c.level)).toEqual([1, 2, 3, 4]);
    expect(cells[0].label).toBe("Mon, Nov 2, 2026: 10 engaged views, 10.0% of the 4 days shown");
    expect(cells[3].label).toContain("40.0%");
  });
  it("leaves days outside the range blank and shares only the days in it", () => {
    const cells = heatmapCells(
      [5, 10, 30].map((v, i) => ({ date: `2026-11-0${i + 2}`, engagedViews: v })),
      range("2026-11-03", "2026-11-04"),
    );
    expect(cells[0]).toMatchObject({ value: null, level: 0, label: "Mon, Nov 2, 2026: outside the selected range" });
    expect(cells[1].label).toContain("25.0% of the 2 days shown");
    expect(cells[2].label).toContain("75.0%");
  });
  it("copes with an all-zero period and a single day", () => {
    const [cell] = heatmapCells([{ date: "2026-11-02", engagedViews: 0 }], range("2026-11-02", "2026-11-02"));
    expect(cell.label).toContain("0.0% of the 1 day shown");
    expect(cell.level).toBe(1);
  });
});

describe("typeSlices and topContent", () => {
  it("sums views per type in slice order", () => {
    const slices = typeSlices([
      { type: "social", views: 5 },
      { type: "blog", views: 2 },
      { type: "social", views: 1 },
      { type: "video", views: 9 },
    ]);
    expect(slices.map((s) => [s.label, s.value])).toEqual([
      ["Blog Posts", 2],
      ["Social Media", 6],
      ["Captions", 0],
      ["Articles", 0],
    ]);
  });
  it("ranks by views and labels performance", () => {
    const item = (id: string, views: number, engagedViews: number) => ({ id, title: id, views, shares: 0, engagedViews });
    const rows = topContent([item("a", 10, 9), item("b", 30, 20), item("c", 20, 4)], 2);
    expect(rows.map((r) => [r.id, r.performance])).toEqual([
      ["b", "Medium"],
      ["c", "Low"],
    ]);
  });
});

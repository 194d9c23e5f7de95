import { describe, expect, it } from "vitest";
import { parseMetricsBatch, parseMetricsCsv } from "./platform-metrics";

const TODAY = new Date("2026-11-25T12:00:00Z");

describe("parseMetricsBatch", () => {
  it("reads rows by id or external id, missing figures as 0", () => {
    const batch = parseMetricsBatch(
      {
        rows: [
          { channelPostId: "p1", day: "2026-11-24", shares: 3 },
          { externalId: "tw-9", day: "2026-11-25" },
        ],
      },
      TODAY,
    );
    expect(batch).toEqual({
      ok: true,
      rows: [
        { channelPostId: "p1", day: "2026-11-24", impressions: 0, likes: 0, comments: 0, shares: 3, clicks: 0 },
        { externalId: "tw-9", day: "2026-11-25", impressions: 0, likes: 0, comments: 0, shares: 0, clicks: 0 },
      ],
    });
  });

  it("names every bad row: negative, absurd, fractional, future, unknown field, no post", () => {
    const batch = parseMetricsBatch(
      {
        rows: [
          { channelPostId: "p1", day: "2026-11-24", shares: -1 },
          { channelPostId: "p1", day: "2026-11-24", impressions: 5_000_000_000 },
          { channelPostId: "p1", day: "2026-11-24", likes: 1.5 },
          { channelPostId: "p1", day: "2026-12-30" },
          { channelPostId: "p1", day: "2026-11-24", views: 3 },
          { day: "2026-11-24" },
          { channelPostId: "p1", day: "2026-02-30" },
        ],
      },
      TODAY,
    );
    expect(batch.ok).toBe(false);
    if (batch.ok) return;
    expect(new Set(batch.errors.map((e) => e.row))).toEqual(new Set([0, 1, 2, 3, 4, 5, 6]));
    expect(batch.errors.find((e) => e.row === 0)?.message).toMatch(/negative/);
  });

  it.each([null, {}, { rows: [] }, { rows: "x" }])("refuses the body %j", (body) => expect(parseMetricsBatch(body, TODAY).ok).toBe(false));
});

describe("parseMetricsCsv", () => {
  const HEADER = "post,day,impressions,likes,comments,shares,clicks";

  it("keeps good rows and names each bad line", () => {
    const csv = [
      HEADER,
      "p1,2026-11-24,100,5,1,2,3",
      "p2,2026-11-24,=SUM(A1),0,0,0,0",
      "p3,2026-11-24,10,-4,0,0,0",
      "p4,yesterday,1,1,1,1,1",
      "p5,2026-11-23,,,,7,",
    ].join("\n");
    const parsed = parseMetricsCsv(csv, TODAY);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.rows.map((r) => [r.line, r.post, r.row.shares])).toEqual([
      [2, "p1", 2],
      [6, "p5", 7],
    ]);
    expect(parsed.errors.map((e) => e.row)).toEqual([3, 4, 5]);
    expect(parsed.errors[0].message).toMatch(/formula/);
  });

  it("refuses a file with a wrong column set", () => {
    const parsed = parseMetricsCsv("post,day,views\np1,2026-11-24,3", TODAY);
    expect(parsed).toEqual({ ok: false, error: expect.stringMatching(/Missing: impressions.*Not expected: views/) });
  });

  it("refuses a formula in the post column too", () => {
    const parsed = parseMetricsCsv(`${HEADER}\n@cmd,2026-11-24,1,1,1,1,1`, TODAY);
    expect(parsed.ok && parsed.errors[0]).toMatchObject({ row: 2, field: "post" });
  });

  it("refuses a NUL character in the post column, which PostgreSQL cannot store", () => {
    const parsed = parseMetricsCsv(`${HEADER}\np\u00001,2026-11-24,1,1,1,1,1`, TODAY);
    expect(parsed.ok && parsed.rows).toEqual([]);
    expect(parsed.ok && parsed.errors[0]).toMatchObject({ row: 2, message: expect.stringMatching(/NUL/) });
  });
});

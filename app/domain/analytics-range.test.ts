import { describe, expect, it } from "vitest";
import { parseAnalyticsRange, parseDay, presetRange } from "./analytics-range";
import { isoDay } from "./dates";

const NOW = new Date("2026-11-20T15:30:00Z");
const parse = (query: string) => parseAnalyticsRange(new URLSearchParams(query), NOW);
const ok = (query: string) => {
  const result = parse(query);
  if (!result.ok) throw new Error(result.message);
  return result.range;
};

describe("presets", () => {
  it("defaults to the last 30 days, today included, with the 30 days before as the previous range", () => {
    const r = ok("");
    expect([r.preset, r.from, r.to, r.label, r.query]).toEqual([30, "2026-10-22", "2026-11-20", "Last 30 Days", "range=30"]);
    expect([isoDay(r.previous.start), isoDay(r.previous.end), r.previous.days]).toEqual(["2026-09-22", "2026-10-22", 30]);
  });
  it("accepts 7 and 90", () => {
    expect(ok("range=7").from).toBe("2026-11-14");
    expect(ok("range=90").current.days).toBe(90);
    expect(presetRange(NOW, 7).query).toBe("range=7");
  });
  it("refuses any other preset by name", () => {
    for (const raw of ["14", "30.0", " 30", "abc", "-7"]) {
      const r = parse(`range=${encodeURIComponent(raw)}`);
      expect(r).toMatchObject({ ok: false, field: "range" });
      if (!r.ok) expect(r.message).toContain(`Unknown date range "${raw}"`);
    }
  });
});

describe("custom ranges", () => {
  it("covers from and to inclusive, compared with as many days just before", () => {
    const r = ok("range=custom&from=2026-11-01&to=2026-11-10");
    expect([r.current.days, isoDay(r.current.start), isoDay(r.current.end)]).toEqual([10, "2026-11-01", "2026-11-11"]);
    expect([isoDay(r.previous.start), isoDay(r.previous.end)]).toEqual(["2026-10-22", "2026-11-01"]);
    expect(r.label).toBe("Nov 1, 2026 – Nov 10, 2026");
    expect(r.query).toBe("range=custom&from=2026-11-01&to=2026-11-10");
  });
  it("takes one day, and from/to without range=", () => {
    expect(ok("range=custom&from=2026-11-20&to=2026-11-20").current.days).toBe(1);
    expect(ok("from=2026-11-01&to=2026-11-02").preset).toBe("custom");
  });
  it("allows two years and refuses more", () => {
    expect(ok("range=custom&from=2024-11-20&to=2026-11-20").current.days).toBe(731);
    const r = parse("range=custom&from=2024-11-19&to=2026-11-20");
    expect(r).toMatchObject({ ok: false, field: "from" });
    if (!r.ok) expect(r.message).toBe("That range is 732 days; a range can cover at most 2 years (731 days).");
  });
  it("refuses an end before the start", () => {
    const r = parse("range=custom&from=2026-11-10&to=2026-11-01");
    expect(r).toMatchObject({ ok: false, field: "to", message: "The end date (Nov 1, 2026) is before the start date (Nov 10, 2026)." });
  });
  it("refuses malformed and impossible dates, and an end in the future, keeping the input", () => {
    for (const [query, field] of [
      ["range=custom&from=yesterday&to=2026-11-01", "from"],
      ["range=custom&from=2026-02-30&to=2026-03-01", "from"],
      ["range=custom&from=2026-11-01&to=2026-11-1", "to"],
      ["range=custom&from=2026-11-01&to=2026-11-21", "to"],
      ["range=custom&to=2026-11-01", "from"],
      ["range=custom&from=2026-11-01", "to"],
    ] as const) {
      const r = parse(query);
      expect(r, query).toMatchObject({ ok: false, field });
      if (!r.ok) expect(r.input.range).toBe("custom");
    }
    const bad = parse("range=custom&from=2026-13-01&to=2026-11-01");
    if (!bad.ok) expect(bad.message).toContain('"2026-13-01" is not a date. Use the form yyyy-mm-dd');
  });
  it("parseDay accepts only real calendar days", () => {
    expect(parseDay("2028-02-29")?.toISOString()).toBe("2028-02-29T00:00:00.000Z");
    for (const raw of ["2026-02-29", "2026-1-01", "20261101", "2026-11-01T00:00", ""]) expect(parseDay(raw)).toBeNull();
  });
});

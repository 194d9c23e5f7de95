import { describe, expect, it } from "vitest";
import { z } from "zod/v4";
import { col, fromDbDate, parseRow, parseRows, toDbDate } from "./db-row.server";

describe("the one date codec", () => {
  it("writes what Prisma writes and reads it back", () => {
    const d = new Date("2026-11-22T09:30:00.123Z");
    expect(toDbDate(d)).toBe("2026-11-22T09:30:00.123+00:00");
    expect(fromDbDate(toDbDate(d))).toEqual(d);
    expect(fromDbDate(d)).toBe(d);
  });

  it("reads SQLite's CURRENT_TIMESTAMP as UTC", () => {
    expect(fromDbDate("2026-11-22 09:30:00")).toEqual(new Date("2026-11-22T09:30:00Z"));
  });

  it("refuses what is not a stored date, epoch milliseconds included", () => {
    expect(() => col.date.parse("yesterday")).toThrow();
    expect(() => col.date.parse(1_700_000_000_000)).toThrow();
  });
});

describe("row schemas", () => {
  const Row = z.object({ n: col.int, total: col.sum, on: col.bool, at: col.date.nullable() });

  it("turn driver values into plain ones", () => {
    expect(parseRows(Row, [{ n: 3n, total: null, on: 1, at: null }])).toEqual([{ n: 3, total: 0, on: true, at: null }]);
    expect(parseRow(Row, undefined)).toBeUndefined();
  });

  it("fail on a row of the wrong shape", () => {
    expect(() => parseRows(Row, [{ n: "3", total: 0, on: 0, at: null }])).toThrow();
  });
});

import { describe, expect, it } from "vitest";
import { averageRate, rateOf, snapToGrid } from "./workflow";

describe("workflow math", () => {
  it("computes a success rate from finished outcomes", () => {
    expect(rateOf(46, 4)).toBe(92);
    expect(rateOf(49, 2)).toBe(96);
    expect(rateOf(0, 0)).toBeNull();
  });
  it("averages rates and rounds", () => {
    expect(averageRate([100, 96, 98, 98, 92, 100])).toBe(97);
    expect(averageRate([null, 90])).toBe(90);
    expect(averageRate([])).toBeNull();
  });
  it("snaps to the 20 px grid", () => {
    expect(snapToGrid(29)).toBe(20);
    expect(snapToGrid(31)).toBe(40);
    expect(snapToGrid(9)).toBe(0);
  });
});

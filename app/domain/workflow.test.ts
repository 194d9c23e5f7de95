import { describe, expect, it } from "vitest";
import { averageRate, snapToGrid, successRate } from "./workflow";

describe("workflow math", () => {
  it("computes a success rate over finished attempts only", () => {
    const steps = [
      ...Array.from({ length: 46 }, () => ({ status: "succeeded" })),
      ...Array.from({ length: 4 }, () => ({ status: "failed" })),
      { status: "running" },
    ];
    expect(successRate(steps)).toBe(92);
    expect(successRate([{ status: "running" }])).toBeNull();
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

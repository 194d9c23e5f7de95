import { describe, expect, it } from "vitest";
import { performanceLabel, quartileLevels, summarize, sumTotals } from "./analytics";

const day = (views: number, shares: number, engagedViews: number, timeSpentSec: number) => ({
  views,
  shares,
  engagedViews,
  timeSpentSec,
});

describe("summarize", () => {
  it("computes rates and changes against the previous period", () => {
    const current = sumTotals([day(100, 10, 85, 14400)]);
    const previous = sumTotals([day(50, 5, 40, 6000), day(50, 5, 41, 6000)]);
    const s = summarize(current, previous);
    expect(s.views).toEqual({ value: 100, change: { percent: 0, direction: "neutral" } });
    expect(s.engagementRate.value).toBeCloseTo(0.85);
    expect(s.engagementRate.change.percent).toBe(5);
    expect(s.avgTimeSec.value).toBe(144);
    expect(s.avgTimeSec.change.percent).toBe(20);
  });
  it("treats an empty period as zero without dividing by zero", () => {
    const empty = sumTotals([]);
    const s = summarize(empty, empty);
    expect(s.engagementRate.value).toBe(0);
    expect(s.views.change.direction).toBe("neutral");
  });
});

describe("quartileLevels", () => {
  it("gives seven cells to each level for 28 distinct values", () => {
    const values = Array.from({ length: 28 }, (_, i) => (i * 37) % 28);
    const levels = quartileLevels(values);
    for (const level of [1, 2, 3, 4]) expect(levels.filter((l) => l === level)).toHaveLength(7);
    expect(levels[values.indexOf(27)]).toBe(4);
    expect(levels[values.indexOf(0)]).toBe(1);
  });
  it("puts equal values on one level", () => {
    expect(quartileLevels([5, 5, 5, 5])).toEqual([1, 1, 1, 1]);
    expect(quartileLevels([1, 9, 9, 9])).toEqual([1, 2, 2, 2]);
  });
});

describe("performanceLabel", () => {
  it("uses the engagement thresholds", () => {
    expect(performanceLabel(0.92)).toBe("High");
    expect(performanceLabel(0.8)).toBe("High");
    expect(performanceLabel(0.7)).toBe("Medium");
    expect(performanceLabel(0.59)).toBe("Low");
  });
});

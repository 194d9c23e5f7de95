import { describe, expect, it } from "vitest";
import { formatChange, percentChange } from "./change";

describe("percentChange", () => {
  it("rounds the relative change to a whole percent", () => {
    expect(percentChange(12500, 10593)).toEqual({ percent: 18, direction: "increase" });
    expect(percentChange(80, 100)).toEqual({ percent: -20, direction: "decrease" });
  });
  it("is neutral when nothing changed, including zero against zero", () => {
    expect(percentChange(5, 5).direction).toBe("neutral");
    expect(percentChange(0, 0)).toEqual({ percent: 0, direction: "neutral" });
  });
  it("has no percent when the previous period was zero", () => {
    expect(percentChange(3, 0)).toEqual({ percent: null, direction: "increase" });
    expect(formatChange(percentChange(3, 0))).toBe("new");
  });
  it("formats with a sign", () => {
    expect(formatChange(percentChange(118, 100))).toBe("+18%");
    expect(formatChange(percentChange(90, 100))).toBe("-10%");
    expect(formatChange(percentChange(1, 1))).toBe("0%");
  });
});

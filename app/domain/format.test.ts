import { describe, expect, it } from "vitest";
import { formatCompact, formatMinutes, formatPercent, initialOf } from "./format";

describe("format", () => {
  it("compacts thousands and millions", () => {
    expect(formatCompact(12500)).toBe("12.5K");
    expect(formatCompact(12549)).toBe("12.5K");
    expect(formatCompact(3200)).toBe("3.2K");
    expect(formatCompact(156)).toBe("156");
    expect(formatCompact(2000)).toBe("2K");
    expect(formatCompact(999_999)).toBe("1M");
    expect(formatCompact(999_950)).toBe("1M");
    expect(formatCompact(999_949)).toBe("999.9K");
  });
  it("compacts billions and trillions, up to the largest safe integer (decision 063)", () => {
    expect(formatCompact(3_000_000_000)).toBe("3B");
    expect(formatCompact(2_147_483_648)).toBe("2.1B");
    expect(formatCompact(999_960_000)).toBe("1B");
    expect(formatCompact(999_940_000)).toBe("999.9M");
    expect(formatCompact(Number.MAX_SAFE_INTEGER)).toBe("9007.2T");
  });
  it("formats minutes, percents and initials", () => {
    expect(formatMinutes(144)).toBe("2.4m");
    expect(formatPercent(0.8512)).toBe("85%");
    expect(initialOf(" sarah")).toBe("S");
    expect(initialOf("")).toBe("?");
  });
});

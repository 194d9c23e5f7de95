import { describe, expect, it } from "vitest";
import { addressHoldsNul } from "./nul-address";

describe("an address holding a NUL character", () => {
  it.each([
    ["/editor?id=%00", true],
    ["/content/%00/save", true],
    ["/library?q=a%00b", true],
    ["/library?q=%2500", false],
    ["/library?q=100%25", false],
    ["/editor?id=content-001", false],
  ])("%s → %s", (url, holds) => {
    expect(addressHoldsNul(url)).toBe(holds);
  });
});

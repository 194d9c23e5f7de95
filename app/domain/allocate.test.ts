import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { allocate, seededRandom } from "./allocate";

describe("allocate", () => {
  it("splits proportionally and keeps the exact total", () => {
    expect(allocate(10, [1, 1, 2])).toEqual([3, 2, 5]);
    expect(allocate(0, [1, 2])).toEqual([0, 0]);
    expect(allocate(5, [0, 0])).toEqual([3, 2]);
  });
  it("always sums to the total with non-negative parts", () => {
    fc.assert(
      fc.property(
        fc.nat(100_000),
        fc.array(fc.double({ min: 0, max: 1000, noNaN: true }), { minLength: 1, maxLength: 40 }),
        (total, weights) => {
          const parts = allocate(total, weights);
          expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
          expect(parts.every((p) => Number.isInteger(p) && p >= 0)).toBe(true);
        },
      ),
    );
  });
});

describe("seededRandom", () => {
  it("repeats for the same seed and stays in [0, 1)", () => {
    const a = seededRandom(7);
    const b = seededRandom(7);
    const xs = Array.from({ length: 100 }, () => a());
    expect(xs).toEqual(Array.from({ length: 100 }, () => b()));
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
  });
});

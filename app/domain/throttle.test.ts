import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ACCOUNT_FAILURE_LIMIT, ADDRESS_FAILURE_LIMIT, THROTTLE_WINDOW_MS, throttleMessage, throttleVerdict } from "./throttle";

const W = THROTTLE_WINDOW_MS;
const WINDOW_SEC = W / 1000;

const nowArb = fc.integer({ min: 1_600_000_000_000, max: 1_900_000_000_000 });
/** How long ago a failure happened: inside the window is [0, W), older than that does not count. */
const inWindow = fc.integer({ min: 0, max: W - 1 });
const anyPast = fc.integer({ min: 0, max: 2 * W });
const pastOffsets = (maxLength: number) => fc.array(anyPast, { maxLength });

const at = (now: number, agoMs: number[]) => agoMs.map((ago) => new Date(now - ago));
const countInWindow = (agoMs: number[]) => agoMs.filter((ago) => ago >= 0 && ago < W).length;

function verdict(now: number, account: number[], address: number[]) {
  return throttleVerdict({ accountFailures: at(now, account), addressFailures: at(now, address), now: new Date(now) });
}

describe("throttleVerdict examples", () => {
  it("blocks on the limit-th failure for the full window", () => {
    const now = Date.UTC(2026, 0, 1);
    expect(verdict(now, Array(ACCOUNT_FAILURE_LIMIT - 1).fill(0), [])).toEqual({ blocked: false });
    expect(verdict(now, Array(ACCOUNT_FAILURE_LIMIT).fill(0), [])).toEqual({ blocked: true, scope: "account", retryAfterSec: WINDOW_SEC });
    expect(verdict(now, [], Array(ADDRESS_FAILURE_LIMIT).fill(0))).toEqual({ blocked: true, scope: "address", retryAfterSec: WINDOW_SEC });
  });

  it("waits only until the oldest counted failure leaves the window", () => {
    const now = Date.UTC(2026, 0, 1);
    const tenMinutesAgo = 10 * 60 * 1000;
    expect(verdict(now, Array(ACCOUNT_FAILURE_LIMIT).fill(tenMinutesAgo), [])).toMatchObject({
      blocked: true,
      retryAfterSec: WINDOW_SEC - 600,
    });
  });

  it("ignores failures at or beyond the window's edge, and failures in the future", () => {
    const now = Date.UTC(2026, 0, 1);
    expect(verdict(now, Array(ACCOUNT_FAILURE_LIMIT).fill(W), [])).toEqual({ blocked: false });
    expect(verdict(now, Array(ACCOUNT_FAILURE_LIMIT).fill(-1000), [])).toEqual({ blocked: false });
  });
});

describe("throttleVerdict properties", () => {
  it("is never blocked while both counts inside the window stay under their limits", () => {
    fc.assert(
      fc.property(
        nowArb,
        fc.array(inWindow, { maxLength: ACCOUNT_FAILURE_LIMIT - 1 }),
        fc.array(inWindow, { maxLength: ADDRESS_FAILURE_LIMIT - 1 }),
        fc.array(fc.integer({ min: W, max: 10 * W }), { maxLength: 40 }),
        (now, account, address, old) => {
          expect(verdict(now, [...account, ...old], [...address, ...old])).toEqual({ blocked: false });
        },
      ),
    );
  });

  it("blocks exactly when a count inside the window reaches its limit", () => {
    fc.assert(
      fc.property(nowArb, pastOffsets(12), pastOffsets(40), (now, account, address) => {
        const expected = countInWindow(account) >= ACCOUNT_FAILURE_LIMIT || countInWindow(address) >= ADDRESS_FAILURE_LIMIT;
        expect(verdict(now, account, address).blocked).toBe(expected);
      }),
    );
  });

  it("when blocked, asks for a wait of at least a second and at most the window", () => {
    fc.assert(
      fc.property(nowArb, pastOffsets(12), pastOffsets(40), (now, account, address) => {
        const v = verdict(now, account, address);
        if (!v.blocked) return;
        expect(Number.isInteger(v.retryAfterSec)).toBe(true);
        expect(v.retryAfterSec).toBeGreaterThan(0);
        expect(v.retryAfterSec).toBeLessThanOrEqual(WINDOW_SEC);
      }),
    );
  });

  it("a blocked verdict is lifted at now + retryAfterSec, and not a second earlier", () => {
    fc.assert(
      fc.property(nowArb, pastOffsets(12), pastOffsets(40), (now, account, address) => {
        const v = verdict(now, account, address);
        if (!v.blocked) return;
        const accountTimes = at(now, account);
        const addressTimes = at(now, address);
        const later = (sec: number) =>
          throttleVerdict({ accountFailures: accountTimes, addressFailures: addressTimes, now: new Date(now + sec * 1000) });
        expect(later(v.retryAfterSec)).toEqual({ blocked: false });
        if (v.retryAfterSec > 1) expect(later(v.retryAfterSec - 1).blocked).toBe(true);
      }),
    );
  });

  it("names the scope whose limit was reached", () => {
    fc.assert(
      fc.property(nowArb, fc.array(inWindow, { minLength: ACCOUNT_FAILURE_LIMIT, maxLength: 12 }), (now, failures) => {
        expect(verdict(now, failures, [])).toMatchObject({ blocked: true, scope: "account" });
        expect(verdict(now, [], [...failures, ...failures, ...failures, ...failures])).toMatchObject({ blocked: true, scope: "address" });
      }),
    );
  });

  it("another failure never lifts a block or shortens the wait", () => {
    fc.assert(
      fc.property(nowArb, pastOffsets(12), pastOffsets(40), inWindow, fc.boolean(), (now, account, address, extra, onAccount) => {
        const before = verdict(now, account, address);
        const after = onAccount ? verdict(now, [...account, extra], address) : verdict(now, account, [...address, extra]);
        if (before.blocked) {
          expect(after.blocked).toBe(true);
          if (after.blocked) expect(after.retryAfterSec).toBeGreaterThanOrEqual(before.retryAfterSec);
        }
      }),
    );
  });
});

describe("throttleMessage", () => {
  it("says who is blocked and for how long, in whole minutes", () => {
    expect(throttleMessage({ blocked: true, scope: "account", retryAfterSec: WINDOW_SEC })).toBe(
      `Too many failed sign-in attempts for this account. Try again in ${WINDOW_SEC / 60} minutes.`,
    );
    expect(throttleMessage({ blocked: true, scope: "address", retryAfterSec: 61 })).toContain(
      "this network address. Try again in 2 minutes.",
    );
    expect(throttleMessage({ blocked: true, scope: "account", retryAfterSec: 1 })).toContain("Try again in a minute.");
    expect(throttleMessage({ blocked: true, scope: "account", retryAfterSec: 60 })).toContain("Try again in a minute.");
  });
});

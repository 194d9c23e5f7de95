import { describe, expect, it } from "vitest";
import { classifyNetworkReply, unreachable, type NetworkReply } from "./network-errors";

const now = new Date("2026-11-27T10:00:00Z");
const reply = (status: number, extra: Partial<NetworkReply> = {}): NetworkReply => ({
  status,
  message: null,
  retryAfterSeconds: null,
  resetEpochSeconds: null,
  ...extra,
});

describe("one set of kinds for every network's refusal", () => {
  it.each([
    [429, "rate-limited"],
    [401, "reconnect"],
    [400, "rejected"],
    [403, "rejected"],
    [422, "rejected"],
    [408, "temporary"],
    [500, "temporary"],
    [503, "temporary"],
  ])("HTTP %i is %s", (status, kind) => {
    expect(classifyNetworkReply("X", reply(status), now).kind).toBe(kind);
  });

  it("retries a rate limit at the network's reset time (epoch seconds), else after Retry-After", () => {
    const reset = Date.parse("2026-11-27T10:15:00Z") / 1000;
    expect(classifyNetworkReply("X", reply(429, { resetEpochSeconds: reset }), now)).toMatchObject({
      retryAt: new Date("2026-11-27T10:15:00Z"),
    });
    expect(classifyNetworkReply("LinkedIn", reply(429, { retryAfterSeconds: 120 }), now)).toMatchObject({
      retryAt: new Date("2026-11-27T10:02:00Z"),
    });
  });

  it("never retries a rate limit in the past", () => {
    const failure = classifyNetworkReply("X", reply(429, { resetEpochSeconds: now.getTime() / 1000 - 60 }), now);
    expect(failure.kind === "rate-limited" && failure.retryAt.getTime()).toBeGreaterThan(now.getTime());
  });

  it("shows the network's own words when it refuses", () => {
    expect(classifyNetworkReply("LinkedIn", reply(422, { message: "Content is a duplicate" }), now).message).toBe(
      "LinkedIn refused the post: Content is a duplicate",
    );
    expect(classifyNetworkReply("X", reply(400), now).message).toBe("X refused the post (HTTP 400)");
  });

  it("treats no answer as temporary", () => {
    expect(unreachable("X", "ECONNREFUSED")).toEqual({ kind: "temporary", message: "X could not be reached (ECONNREFUSED)" });
  });
});

import { describe, expect, it } from "vitest";
import { classifyGraphError, classifyNetworkReply, unreachable, type NetworkReply } from "./network-errors";

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

describe("Meta's error codes in the same kinds", () => {
  const graph = (code: number | null, extra: { status?: number; subcode?: number; message?: string } = {}) =>
    classifyGraphError(
      "Facebook",
      { status: extra.status ?? 400, code, subcode: extra.subcode ?? null, message: extra.message ?? null },
      now,
    );

  it.each([
    [190, "reconnect"],
    [102, "reconnect"],
    [10, "reconnect"],
    [200, "reconnect"],
    [4, "rate-limited"],
    [17, "rate-limited"],
    [32, "rate-limited"],
    [613, "rate-limited"],
    [80001, "rate-limited"],
    [1, "temporary"],
    [2, "temporary"],
    [100, "rejected"],
    [368, "rejected"],
  ])("code %i is %s", (code, kind) => {
    expect(graph(code).kind).toBe(kind);
  });

  it("waits for a media container that is not ready, and keeps Meta's words when it refuses", () => {
    expect(graph(9007, { subcode: 2207027 }).kind).toBe("temporary");
    expect(graph(100, { message: "(#100) Invalid parameter" }).message).toBe("Facebook refused the post: (#100) Invalid parameter");
    expect(graph(190, { message: "Session has expired" }).message).toBe(
      "Facebook no longer accepts the studio's access: Session has expired",
    );
  });

  it("waits a rate limit out without a reset time (Meta names none) and reads a body without a code by its status", () => {
    const limited = graph(4);
    expect(limited.kind === "rate-limited" && limited.retryAt.getTime()).toBe(now.getTime() + 15 * 60_000);
    expect(graph(null, { status: 500 }).kind).toBe("temporary");
  });
});

import { describe, expect, it } from "vitest";
import { backoffMs, checkRetry, checkSchedule } from "./post-rules";

const now = new Date("2026-11-25T10:00:00Z");
const post = { channel: "twitter" as const, status: "draft", text: "Hello", link: null };

describe("checkSchedule", () => {
  it("accepts a future time for a connected channel with text that fits", () => {
    expect(checkSchedule(post, new Date("2026-11-26T09:00:00Z"), now, true)).toEqual({ ok: true });
  });

  it("refuses the past, invalid dates, over-limit text, a disconnected channel and a published post", () => {
    const future = new Date("2026-11-26T09:00:00Z");
    expect(checkSchedule(post, new Date("2026-11-25T09:59:00Z"), now, true)).toMatchObject({ kind: "invalid", field: "scheduledAt" });
    expect(checkSchedule(post, new Date("nope"), now, true)).toMatchObject({ kind: "invalid", field: "scheduledAt" });
    expect(checkSchedule({ ...post, text: "a".repeat(281) }, future, now, true)).toMatchObject({ kind: "invalid", field: "text" });
    expect(checkSchedule(post, future, now, false)).toMatchObject({ kind: "conflict", field: "channel" });
    expect(checkSchedule({ ...post, status: "published" }, future, now, true)).toMatchObject({ kind: "conflict", field: "scheduledAt" });
  });
});

it("retries only failed posts and backs off exponentially", () => {
  expect(checkRetry({ status: "failed" }).ok).toBe(true);
  expect(checkRetry({ status: "published" }).ok).toBe(false);
  expect([1, 2, 3].map((a) => backoffMs(a, 1000))).toEqual([1000, 2000, 4000]);
});

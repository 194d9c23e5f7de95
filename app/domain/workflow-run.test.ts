import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Suggestion } from "./suggestions";
import {
  afterFailure,
  RUN_OUTCOME_LABELS,
  reviewerList,
  runOutcome,
  agentStatusOf,
  applySuggestions,
  backoffMs,
  placeNewNode,
  publishNote,
  publishPlan,
  reviewOutcome,
  runProgress,
  runnerState,
  stepLabel,
} from "./workflow-run";

const at = (s: number) => new Date(Date.UTC(2026, 10, 21, 0, 0, s));

describe("retries", () => {
  it("backs off 1 s, 2 s, 4 s … up to a minute", () => {
    expect([1, 2, 3, 4].map((a) => backoffMs(a))).toEqual([1000, 2000, 4000, 8000]);
    expect(backoffMs(20)).toBe(60_000);
  });

  it("retries until the budget is spent, then fails", () => {
    expect(afterFailure({ attempt: 1, maxAttempts: 3 }, at(0))).toEqual({ kind: "retry", attempt: 2, availableAt: at(1) });
    expect(afterFailure({ attempt: 2, maxAttempts: 3 }, at(0))).toEqual({ kind: "retry", attempt: 3, availableAt: at(2) });
    expect(afterFailure({ attempt: 3, maxAttempts: 3 }, at(0))).toEqual({ kind: "failed" });
  });
});

describe("review and publishing", () => {
  it("passes at the threshold and otherwise does what Settings chose", () => {
    expect(reviewOutcome(85, 85, "return")).toBe("pass");
    expect(reviewOutcome(84, 85, "return")).toBe("return");
    expect(reviewOutcome(84, 85, "approval")).toBe("approval");
  });

  it("auto-publish decides going live, auto-post decides sending", () => {
    expect(publishPlan({ autoPublish: false, autoPost: true })).toEqual({ publish: false });
    expect(publishPlan({ autoPublish: true, autoPost: false })).toEqual({ publish: true, post: false });
    expect(publishPlan({ autoPublish: true, autoPost: true })).toEqual({ publish: true, post: true });
  });

  it("names the posts the Publisher queued, never as sent", () => {
    expect(publishNote(["twitter", "linkedin", "twitter"], true)).toBe("Published; queued posts for LinkedIn, X");
    expect(publishNote([], true)).toBe("Published; no channel posts to send");
    expect(publishNote(["website"], false)).toBe("Published (auto-post is off); queued the posts members made for Website");
    expect(publishNote([], false)).toBe("Published (auto-post is off; no posts members made to send)");
  });
});

describe("applySuggestions", () => {
  const s = (start: number, end: number, original: string, replacement: string): Suggestion => ({
    id: `${start}`,
    kind: "simplify",
    safe: true,
    message: "",
    why: "",
    start,
    end,
    original,
    replacement,
  });

  it("applies every non-overlapping suggestion whose text still matches", () => {
    const text = "We act in order to win, very fast.";
    const result = applySuggestions(text, [
      s(24, 29, "very ", ""),
      s(7, 18, "in order to", "to"),
      s(7, 12, "in or", "x"),
      s(0, 2, "XX", "no"),
    ]);
    expect(result).toEqual({ text: "We act to win, fast.", applied: 2 });
  });

  it("never touches text outside the applied spans", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), fc.nat(60), fc.nat(10), fc.string({ maxLength: 8 }), (text, a, len, replacement) => {
        const start = Math.min(a, text.length);
        const end = Math.min(text.length, start + len);
        const { text: out, applied } = applySuggestions(text, [s(start, end, text.slice(start, end), replacement)]);
        expect(applied).toBe(1);
        expect(out).toBe(text.slice(0, start) + replacement + text.slice(end));
      }),
    );
  });
});

describe("what the screen shows", () => {
  it("progress is finished steps over the run's pipeline", () => {
    expect([runProgress(0, 6), runProgress(1, 6), runProgress(6, 6), runProgress(3, 0)]).toEqual([0, 17, 100, 0]);
  });

  it("labels a step's revision with agent, duration and tokens", () => {
    expect(stepLabel("AI Generator", 12, 530)).toBe("AI Generator · 12 ms · 530 tokens");
    expect(stepLabel("Publisher", 2400, 0)).toBe("Publisher · 2.4 s · 0 tokens");
  });

  it("the runner's state comes from the flag and the heartbeat", () => {
    const now = at(30);
    expect(runnerState({ wanted: true, heartbeatAt: at(29), busy: false, now })).toBe("running");
    expect(runnerState({ wanted: true, heartbeatAt: at(0), busy: false, now })).toBe("offline");
    expect(runnerState({ wanted: true, heartbeatAt: null, busy: false, now })).toBe("offline");
    expect(runnerState({ wanted: false, heartbeatAt: at(29), busy: true, now })).toBe("pausing");
    expect(runnerState({ wanted: false, heartbeatAt: at(29), busy: false, now })).toBe("paused");
  });

  it("an agent's status: processing beats error beats active beats idle", () => {
    expect(agentStatusOf({ running: true, latestFailedForGood: true, doneInLiveRun: true })).toBe("processing");
    expect(agentStatusOf({ running: false, latestFailedForGood: true, doneInLiveRun: true })).toBe("error");
    expect(agentStatusOf({ running: false, latestFailedForGood: false, doneInLiveRun: true })).toBe("active");
    expect(agentStatusOf({ running: false, latestFailedForGood: false, doneInLiveRun: false })).toBe("idle");
  });

  it("a new node goes below the lowest one, on the grid", () => {
    expect(placeNewNode([])).toEqual({ x: 40, y: 60 });
    expect(
      placeNewNode([
        { x: 40, y: 60 },
        { x: 320, y: 253 },
      ]),
    ).toEqual({ x: 40, y: 400 });
  });
});

describe("run outcomes", () => {
  it("names every path, and a returned run never reads as succeeded", () => {
    expect(runOutcome({ status: "queued", outcome: null })).toBe("queued");
    expect(runOutcome({ status: "running", outcome: "approved" })).toBe("running");
    expect(runOutcome({ status: "waiting", outcome: "waiting for approval" })).toBe("waiting");
    expect(runOutcome({ status: "failed", outcome: "failed" })).toBe("failed");
    expect(runOutcome({ status: "succeeded", outcome: "returned", itemStatus: "draft" })).toBe("returned");
    expect(runOutcome({ status: "succeeded", outcome: "returned", itemStatus: "published" })).toBe("returned");
    expect(runOutcome({ status: "succeeded", outcome: "approved", itemStatus: "review" })).toBe("approved");
    expect(runOutcome({ status: "succeeded", outcome: "published", itemStatus: "published" })).toBe("published");
    expect(runOutcome({ status: "succeeded", outcome: null, itemStatus: "published" })).toBe("published");
    expect(runOutcome({ status: "succeeded", outcome: "completed", itemStatus: "review" })).toBe("approved");
    expect(runOutcome({ status: "succeeded", outcome: "completed", itemStatus: "draft" })).toBe("finished");
    expect(Object.values(RUN_OUTCOME_LABELS)).not.toContain("Succeeded");
  });
  it("reads the reviewer's list from its note", () => {
    expect(reviewerList("Sent back to draft: score 80 against 85\n• Add “authentic” in paragraph 2.\n• Split the long sentence.")).toEqual([
      "Add “authentic” in paragraph 2.",
      "Split the long sentence.",
    ]);
    expect(reviewerList(null)).toEqual([]);
  });
});

// The pipeline's rules as pure functions: what happens after a step, retries, review outcomes,
// progress and the states the screen shows. The runner (app/jobs/workflow-runner.server.ts) applies them.
import { meetsThreshold } from "./assistant/score";
import { CHANNEL_LABELS, isChannel } from "./channels/network-limits";
import type { Suggestion } from "./suggestions";

export const RUN_STATUSES = ["queued", "running", "waiting", "succeeded", "failed"] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];
/** What the run log filters by. */
export const LOG_FILTERS = ["running", "succeeded", "failed", "waiting"] as const;
export type LogFilter = (typeof LOG_FILTERS)[number];

export function isLogFilter(value: unknown): value is LogFilter {
  return typeof value === "string" && (LOG_FILTERS as readonly string[]).includes(value);
}

export const REVIEW_MODES = ["return", "approval"] as const;
export type ReviewMode = (typeof REVIEW_MODES)[number];
export const REVIEW_MODE_LABELS: Record<ReviewMode, string> = {
  return: "Send it back to draft with the reviewer's notes",
  approval: "Wait for an Editor or Admin to approve it",
};

export function isReviewMode(value: unknown): value is ReviewMode {
  return typeof value === "string" && (REVIEW_MODES as readonly string[]).includes(value);
}

/** Automatic attempts per step before the run fails (a manual Retry grants this many again). */
export const MAX_ATTEMPTS = 3;
export const BACKOFF_BASE_MS = 1000;
export const BACKOFF_MAX_MS = 60_000;

/** Wait before attempt `attempt + 1`: 1 s, 2 s, 4 s … capped. */
export function backoffMs(attempt: number, base = BACKOFF_BASE_MS): number {
  return Math.min(BACKOFF_MAX_MS, base * 2 ** Math.max(0, attempt - 1));
}

export type AfterFailure = { kind: "retry"; attempt: number; availableAt: Date } | { kind: "failed" };

/** After attempt `attempt` failed: try again later, or give up when the budget is spent. */
export function afterFailure(job: { attempt: number; maxAttempts: number }, now: Date, base = BACKOFF_BASE_MS): AfterFailure {
  if (job.attempt >= job.maxAttempts) return { kind: "failed" };
  return { kind: "retry", attempt: job.attempt + 1, availableAt: new Date(now.getTime() + backoffMs(job.attempt, base)) };
}

export type ReviewOutcome = "pass" | "return" | "approval";

export function reviewOutcome(score: number, threshold: number, mode: ReviewMode): ReviewOutcome {
  if (meetsThreshold(score, { threshold })) return "pass";
  return mode;
}

export type PublishPlan = { publish: false } | { publish: true; post: boolean };

/** Auto-publish decides whether the item goes live; auto-post whether posts are written for the connected networks. */
export function publishPlan(settings: { autoPublish: boolean; autoPost: boolean }): PublishPlan {
  return settings.autoPublish ? { publish: true, post: settings.autoPost } : { publish: false };
}

/**
 * The Publisher's note: the channel posts it queued, by name. Queued, not sent: a post is published
 * only when its network or webhook takes it (the item's Channels panel shows that).
 */
export function publishNote(queued: readonly string[], autoPost: boolean): string {
  const names = [...new Set(queued)].sort().map((c) => (isChannel(c) ? CHANNEL_LABELS[c] : c));
  if (!autoPost)
    return names.length
      ? `Published (auto-post is off); queued the posts members made for ${names.join(", ")}`
      : "Published (auto-post is off; no posts members made to send)";
  return names.length ? `Published; queued posts for ${names.join(", ")}` : "Published; no channel posts to send";
}

/** Applies located suggestions that do not overlap, from the end so earlier offsets stay valid. */
export function applySuggestions(text: string, suggestions: readonly Suggestion[]): { text: string; applied: number } {
  const ordered = [...suggestions]
    .filter((s) => s.start >= 0 && s.end <= text.length && s.start <= s.end)
    .sort((a, b) => a.start - b.start);
  const chosen: Suggestion[] = [];
  let reach = -1;
  for (const s of ordered) {
    if (s.start < reach || text.slice(s.start, s.end) !== s.original) continue;
    chosen.push(s);
    reach = s.end;
  }
  let out = text;
  for (const s of chosen.reverse()) out = out.slice(0, s.start) + s.replacement + out.slice(s.end);
  return { text: out, applied: chosen.length };
}

/** Whole-percent progress of a run: finished steps over the run's pipeline length. */
export function runProgress(stepsDone: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.round((stepsDone / total) * 100));
}

/** "AI Generator · 12 ms · 530 tokens": how a step's revision is labelled in the history. */
export function stepLabel(agentName: string, durationMs: number, tokens: number): string {
  return `${agentName} · ${formatDuration(durationMs)} · ${tokens} tokens`;
}

export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  return `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
}

export type RunnerState = "running" | "pausing" | "paused" | "offline";

/**
 * What the Start/Pause control shows. The flag is what a member asked for; the heartbeat is the
 * runner process. Paused with a step still in flight reads "pausing" until the step finishes.
 */
export function runnerState(input: { wanted: boolean; heartbeatAt: Date | null; busy: boolean; now: Date; staleMs?: number }): RunnerState {
  const alive = !!input.heartbeatAt && input.now.getTime() - input.heartbeatAt.getTime() < (input.staleMs ?? 15_000);
  if (input.wanted) return alive ? "running" : "offline";
  return alive && input.busy ? "pausing" : "paused";
}

export const RUNNER_STATE_LABELS: Record<RunnerState, string> = {
  running: "Running",
  pausing: "Pausing…",
  paused: "Paused",
  offline: "Waiting for the runner",
};

/**
 * An agent's status from its steps: processing while it has a step in flight, error when its latest
 * step failed for good, active when it has done its part in a run still going, idle otherwise.
 */
export function agentStatusOf(input: {
  running: boolean;
  latestFailedForGood: boolean;
  doneInLiveRun: boolean;
}): "processing" | "error" | "active" | "idle" {
  if (input.running) return "processing";
  if (input.latestFailedForGood) return "error";
  if (input.doneInLiveRun) return "active";
  return "idle";
}

/** Where a new agent goes on the canvas: below the lowest node, on the grid. */
export function placeNewNode(nodes: readonly { x: number; y: number }[], grid = 20): { x: number; y: number } {
  if (nodes.length === 0) return { x: 40, y: 60 };
  const lowest = Math.max(...nodes.map((n) => n.y));
  return { x: 40, y: Math.round((lowest + 140) / grid) * grid };
}

/** What a run came to, as the screen names it: never "succeeded" for a run the reviewer sent back. */
export type RunOutcome =
  "queued" | "running" | "paused" | "waiting" | "writer" | "published" | "approved" | "returned" | "failed" | "finished";

/** What a waiting run waits for, as its recorded outcome. */
export const WAIT_OUTCOME = { approval: "waiting for approval", writer: "needs a writer" } as const;

export const RUN_OUTCOME_LABELS: Record<RunOutcome, string> = {
  queued: "Queued",
  running: "Running",
  paused: "Paused",
  waiting: "Waiting for approval",
  writer: "Needs a writer",
  published: "Published",
  approved: "Approved (waiting to publish)",
  returned: "Returned to draft",
  failed: "Failed",
  finished: "Finished",
};

/**
 * A run's outcome from its status and the outcome its steps recorded. A finished run without a recorded
 * outcome (older runs, pipelines without a reviewer or publisher) reads its item: live is published, in
 * review is approved, anything else merely finished.
 */
export function runOutcome(run: {
  status: string;
  outcome: string | null;
  itemStatus?: string | null;
  /** Whether the runner takes steps now; a run in flight while it is paused or gone reads "Paused". */
  runnerActive?: boolean;
}): RunOutcome {
  if (run.status === "running") return run.runnerActive === false ? "paused" : "running";
  if (run.status === "waiting") return run.outcome === WAIT_OUTCOME.writer ? "writer" : "waiting";
  if (run.status === "queued" || run.status === "failed") return run.status;
  if (run.outcome === "published" || run.outcome === "approved" || run.outcome === "returned") return run.outcome;
  if (run.itemStatus === "published") return "published";
  if (run.itemStatus === "review") return "approved";
  return "finished";
}

/** Runs that reached the end of their road, published or not (failed ones included). */
export const isFinishedOutcome = (o: RunOutcome) => !["queued", "running", "paused", "waiting", "writer"].includes(o);

/** The reviewer's list is kept in its step note, one “• ” line per change asked for. */
export const REVIEW_ITEM = "• ";

export function reviewerList(note: string | null): string[] {
  return (note ?? "")
    .split("\n")
    .filter((l) => l.startsWith(REVIEW_ITEM))
    .map((l) => l.slice(REVIEW_ITEM.length));
}

/** One attempt of one agent in the run log. */
export interface RunLogStep {
  id: string;
  agent: string;
  type: string;
  attempt: number;
  status: string;
  error: string | null;
  /** The first line of the agent's note. */
  note: string | null;
  tokens: number;
  startedAt: string;
  durationMs: number | null;
}

/** One run in the log (app/models/workflow-run.server.ts `listRuns`), as the Workflow screen shows it. */
export interface RunLogEntry {
  id: string;
  status: string;
  outcome: RunOutcome;
  outcomeLabel: string;
  requestedBy: string | null;
  /** What the reviewer wants changed, for a run it returned or holds. */
  changesAsked: string[];
  /** The writer has worked on the item since the run stopped for them, so it may go again. */
  canRunAgain: boolean;
  title: string;
  contentId: string | null;
  createdAt: string;
  finishedAt: string | null;
  progress: number;
  stepsDone: number;
  stepsTotal: number;
  tokens: number;
  retryAt: string | null;
  steps: RunLogStep[];
}

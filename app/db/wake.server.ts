// In-process nudges from code that queues work (models, routes) to the loop in app/jobs/ that does it:
// every job loop is woken through here (decision 069).
// It lives outside app/jobs/ so models can call it. Other processes see the write itself through
// data_version (app/jobs/idle-wait.server.ts, decision 016); replicas with Redis also hear each nudge
// at once (app/jobs/wake-relay.server.ts).
export type Job = "workflow" | "schedule" | "figures" | "retention" | "audit-head";
export const JOBS: readonly Job[] = ["workflow", "schedule", "figures", "retention", "audit-head"];

declare global {
  var __wakeHandlers: Map<Job, () => void> | undefined;
  var __wakeRelay: ((job: Job) => void) | undefined;
}

const handlers = (globalThis.__wakeHandlers ??= new Map());

/** The running loop for `job` registers how to wake it; a later registration replaces it. */
export function onWake(job: Job, handler: () => void) {
  handlers.set(job, handler);
}

/** Where this process's nudges also go (the other replicas), or undefined for nowhere. */
export function relayWakes(relay: ((job: Job) => void) | undefined) {
  globalThis.__wakeRelay = relay;
}

/** Wakes this process's loop only: for a nudge another replica relayed. */
export function wakeHere(job: Job) {
  handlers.get(job)?.();
}

function wake(job: Job) {
  wakeHere(job);
  globalThis.__wakeRelay?.(job);
}

/** After Start, Retry, Approve or a new brief: the runner looks for work now. */
export function wakeWorkflowRunner() {
  wake("workflow");
}

/** After scheduling or cancelling: the scheduler recomputes its next due time. */
export function wakePublishScheduler() {
  wake("schedule");
}

/** After the audit head's address is saved: the daily post looks again now (decision 075). */
export function wakeAuditHeadPoster() {
  wake("audit-head");
}

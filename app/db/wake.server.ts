// In-process nudges from code that queues work (models, routes) to the loop in app/jobs/ that does it.
// It lives outside app/jobs/ so models can call it. Other processes see the write itself through
// data_version (app/jobs/idle-wait.server.ts, decision 016).
type Job = "workflow" | "schedule";

declare global {
  var __wakeHandlers: Map<Job, () => void> | undefined;
}

const handlers = (globalThis.__wakeHandlers ??= new Map());

/** The running loop for `job` registers how to wake it; a later registration replaces it. */
export function onWake(job: Job, handler: () => void) {
  handlers.set(job, handler);
}

/** After Start, Retry, Approve or a new brief: the runner looks for work now. */
export function wakeWorkflowRunner() {
  handlers.get("workflow")?.();
}

/** After scheduling or cancelling: the scheduler recomputes its next due time. */
export function wakePublishScheduler() {
  handlers.get("schedule")?.();
}

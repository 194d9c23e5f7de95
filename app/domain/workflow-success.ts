// The pipeline's success figure, defined once for the Dashboard and the Workflow screen (issue 35):
// runs published of runs finished in the last 30 days. Agents' step success is a different figure and is
// always labelled as such beside it.

/** The window both screens count runs in. */
export const SUCCESS_WINDOW_DAYS = 30;

export const RUN_SUCCESS = {
  label: "Workflow Success Rate",
  definition: "runs published of runs finished, last 30 days",
} as const;

export const STEP_SUCCESS = {
  label: "Agents' step success",
  definition: "average of the agents' step success rates",
} as const;

export interface RunTotals {
  /** Runs that ended with their item published. */
  published: number;
  /** Runs that reached the end of their road: published, approved, returned, finished or failed. */
  finished: number;
}

/** Whole-percent success rate: runs published of runs finished; null when no run has finished. */
export function runSuccessRate(t: RunTotals): number | null {
  return t.finished === 0 ? null : Math.round((t.published / t.finished) * 100);
}

/** "46 published of 50 finished runs, last 30 days": what the rate counts, shown under it on both screens. */
export const describeRunTotals = (t: RunTotals) =>
  `${t.published} published of ${t.finished} finished runs, last ${SUCCESS_WINDOW_DAYS} days`;

/** "92%", or a dash when nothing has finished. */
export const formatRate = (rate: number | null) => (rate === null ? "–" : `${rate}%`);

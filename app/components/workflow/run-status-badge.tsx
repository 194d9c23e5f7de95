import { RUN_OUTCOME_LABELS, type RunOutcome } from "~/domain/workflow-run";

/** One look per outcome: a returned run is never green. */
const LOOK: Record<RunOutcome, string> = {
  queued: "bg-slate-100 text-slate-600 ring-slate-500/20",
  running: "bg-sky-50 text-sky-700 ring-sky-600/20",
  paused: "bg-slate-100 text-slate-700 ring-slate-500/20",
  writer: "bg-violet-50 text-violet-800 ring-violet-600/20",
  waiting: "bg-amber-50 text-amber-800 ring-amber-600/20",
  published: "bg-emerald-50 text-emerald-700 ring-emerald-600/20",
  approved: "bg-teal-50 text-teal-800 ring-teal-600/20",
  returned: "bg-orange-50 text-orange-800 ring-orange-600/30",
  failed: "bg-rose-50 text-rose-700 ring-rose-600/20",
  finished: "bg-slate-100 text-slate-700 ring-slate-500/20",
};

export function RunStatusBadge({ outcome }: { outcome: RunOutcome }) {
  return (
    <span
      data-testid="run-status"
      data-outcome={outcome}
      className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${LOOK[outcome]}`}
    >
      {RUN_OUTCOME_LABELS[outcome]}
    </span>
  );
}

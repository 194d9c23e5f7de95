import { Link } from "@remix-run/react";
import { ScrollText } from "lucide-react";
import type { RunnerState } from "~/domain/workflow-run";
import { describeRunTotals, formatRate, RUN_SUCCESS, runSuccessRate, STEP_SUCCESS, type RunTotals } from "~/domain/workflow-success";

const DOT: Record<RunnerState, string> = {
  running: "bg-emerald-500 motion-safe:animate-pulse",
  pausing: "bg-amber-500 motion-safe:animate-pulse",
  paused: "bg-slate-400",
  offline: "bg-rose-500",
};

export function WorkflowSummary({
  total,
  averageRate,
  runs,
  state,
  stateLabel,
}: {
  total: number;
  averageRate: number | null;
  /** Runs published of runs finished: what the pipeline achieved, beside how often its steps worked. */
  runs: RunTotals;
  state: RunnerState;
  stateLabel: string;
}) {
  return (
    <section
      aria-label="Workflow summary"
      className="mt-6 flex flex-wrap items-center justify-between gap-4 rounded-xl border border-slate-200 bg-white px-6 py-4 shadow-sm"
    >
      <dl className="flex flex-wrap gap-10">
        <div>
          <dt className="text-sm text-slate-500">Total Agents</dt>
          <dd className="text-2xl font-bold" data-testid="total-agents">
            {total}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-slate-500">{RUN_SUCCESS.label}</dt>
          <dd className="text-2xl font-bold" data-testid="run-success-rate">
            {formatRate(runSuccessRate(runs))}
          </dd>
          <dd className="text-xs text-slate-500" data-testid="runs-published">
            {describeRunTotals(runs)}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-slate-500">Avg. Success Rate</dt>
          <dd className="text-2xl font-bold" data-testid="average-success-rate">
            {formatRate(averageRate)}
          </dd>
          <dd className="text-xs text-slate-500">{STEP_SUCCESS.label}: the share of their steps that worked</dd>
        </div>
        <div>
          <dt className="text-sm text-slate-500">Workflow</dt>
          <dd className="mt-1 flex items-center gap-2 font-semibold" data-testid="workflow-state" data-state={state}>
            <span className={`h-2.5 w-2.5 rounded-full ${DOT[state]}`} aria-hidden />
            {stateLabel}
          </dd>
        </div>
      </dl>
      <Link
        to="/workflow/logs"
        className="inline-flex items-center gap-2 rounded-lg border border-slate-200 px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
      >
        <ScrollText size={16} aria-hidden /> View Logs
      </Link>
    </section>
  );
}

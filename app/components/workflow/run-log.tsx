import { Link } from "@remix-run/react";
import { EmptyState, NextStep } from "~/components/ui/empty-state";
import { formatDuration } from "~/domain/workflow-run";
import type { RunLogEntry } from "~/domain/workflow-run";
import { RunHeading } from "./run-heading";
import { RunProgress } from "./run-progress";

const when = (iso: string) => new Date(iso).toISOString().slice(0, 16).replace("T", " ") + " UTC";

/** Runs, newest first; each opens to its steps (every attempt) with timing, tokens, notes and errors. */
export function RunLog({
  runs,
  filtered,
  canRun,
  canApprove,
}: {
  runs: RunLogEntry[];
  filtered: boolean;
  canRun: boolean;
  canApprove: boolean;
}) {
  if (runs.length === 0)
    return filtered ? (
      <EmptyState title="No runs with this status.">
        <NextStep to="/workflow/logs">Show every run</NextStep>.
      </EmptyState>
    ) : (
      <EmptyState title="No runs yet.">
        <NextStep to="/workflow">Queue a brief</NextStep> and press Start Workflow.
      </EmptyState>
    );
  return (
    <ul className="space-y-3" aria-label="Runs">
      {runs.map((run) => (
        <li
          key={run.id}
          data-testid="run-log-entry"
          data-status={run.status}
          data-outcome={run.outcome}
          className="rounded-xl border border-slate-200 bg-white shadow-sm"
        >
          <details open={run.outcome !== "published" && run.outcome !== "finished"}>
            <summary className="cursor-pointer list-none px-5 py-4">
              <RunHeading run={run} canRun={canRun} canApprove={canApprove} titleClass="">
                Started {when(run.createdAt)}
                {run.requestedBy ? ` · requested by ${run.requestedBy}` : ""} · {run.tokens} tokens
              </RunHeading>
              <div className="mt-3">
                <RunProgress title={run.title} progress={run.progress} done={run.stepsDone} total={run.stepsTotal} status={run.status} />
              </div>
            </summary>
            {run.changesAsked.length ? (
              <div className="border-t border-slate-100 px-5 py-3" data-testid="changes-asked">
                <p className="text-sm font-medium">
                  What the Quality Reviewer wants changed
                  {run.contentId ? (
                    <>
                      {" "}
                      in{" "}
                      <Link to={`/editor?id=${run.contentId}`} className="text-indigo-600 underline">
                        {run.title}
                      </Link>
                    </>
                  ) : null}
                </p>
                <ul className="mt-1 list-disc space-y-0.5 pl-5 text-sm text-slate-700">
                  {run.changesAsked.map((c, i) => (
                    <li key={i}>{c}</li>
                  ))}
                </ul>
              </div>
            ) : null}
            <table className="w-full border-t border-slate-100 text-left text-sm">
              <thead className="text-xs text-slate-500">
                <tr>
                  <th className="px-5 py-2 font-medium">Agent</th>
                  <th className="px-2 py-2 font-medium">Attempt</th>
                  <th className="px-2 py-2 font-medium">Status</th>
                  <th className="px-2 py-2 font-medium">Time</th>
                  <th className="px-2 py-2 font-medium">Tokens</th>
                  <th className="px-5 py-2 font-medium">Result</th>
                </tr>
              </thead>
              <tbody>
                {run.steps.map((step) => (
                  <tr key={step.id} data-testid="run-step" data-status={step.status} className="border-t border-slate-100 align-top">
                    <td className="px-5 py-2 font-medium">{step.agent}</td>
                    <td className="px-2 py-2 tabular-nums">{step.attempt}</td>
                    <td className="px-2 py-2">{step.status}</td>
                    <td className="px-2 py-2 tabular-nums">{step.durationMs === null ? "…" : formatDuration(step.durationMs)}</td>
                    <td className="px-2 py-2 tabular-nums">{step.tokens}</td>
                    <td className={`px-5 py-2 ${step.error ? "text-rose-700" : "text-slate-600"}`}>{step.error ?? step.note ?? ""}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        </li>
      ))}
    </ul>
  );
}

import { Link } from "@remix-run/react";
import { Card } from "~/components/ui/card";
import type { RunLogEntry } from "~/domain/workflow-run";
import { RunHeading } from "./run-heading";
import { RunProgress } from "./run-progress";

type Run = Pick<
  RunLogEntry,
  "id" | "status" | "title" | "progress" | "stepsDone" | "stepsTotal" | "outcome" | "retryAt" | "canRunAgain" | "contentId"
> & {
  steps: { agent: string; status: string }[];
};

/** Runs in flight or waiting for a person, each with its progress bar. */
export function ActiveRuns({
  runs,
  canRun,
  canApprove,
  className = "",
}: {
  runs: Run[];
  canRun: boolean;
  canApprove: boolean;
  className?: string;
}) {
  return (
    <Card
      title="Runs in progress"
      className={className}
      action={
        <Link to="/workflow/logs" className="inline-flex min-h-6 items-center text-sm font-medium text-indigo-600 hover:underline">
          All runs
        </Link>
      }
    >
      {runs.length === 0 ? (
        <p className="text-sm text-slate-500">No run is in progress. Queue a brief and press Start Workflow.</p>
      ) : (
        <ul className="divide-y divide-slate-100" aria-label="Runs in progress">
          {runs.map((run) => {
            const current = run.steps.at(-1);
            return (
              <li key={run.id} data-testid="active-run" data-status={run.status} className="py-3">
                <div className="mb-2">
                  <RunHeading run={run} canRun={canRun} canApprove={canApprove} titleClass="text-sm">
                    {run.outcome === "writer" ? (
                      <>
                        The outline is in the item:{" "}
                        {run.contentId ? (
                          <Link to={`/editor?id=${run.contentId}`} className="font-medium text-indigo-600 hover:underline">
                            write the piece
                          </Link>
                        ) : (
                          "write the piece"
                        )}
                        , then press Run again
                      </>
                    ) : run.status === "waiting" ? (
                      `Waiting for approval after ${current?.agent ?? "review"}`
                    ) : run.outcome === "paused" ? (
                      `Paused at ${current?.agent ?? "its next step"}: it goes on when the workflow starts`
                    ) : current ? (
                      `${current.agent}: ${current.status}`
                    ) : (
                      "Starting"
                    )}
                    {run.retryAt ? " · retrying shortly" : ""}
                  </RunHeading>
                </div>
                <RunProgress title={run.title} progress={run.progress} done={run.stepsDone} total={run.stepsTotal} status={run.status} />
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}

import type { ReactNode } from "react";
import type { RunOutcome } from "~/domain/workflow-run";
import { RunActions } from "./run-actions";
import { RunStatusBadge } from "./run-status-badge";

/** A run's title and one line about it, with its status badge and Approve/Retry beside them. */
export function RunHeading({
  run,
  canRun,
  canApprove,
  titleClass,
  children,
}: {
  run: { id: string; status: string; title: string; outcome: RunOutcome; canRunAgain?: boolean };
  canRun: boolean;
  canApprove: boolean;
  titleClass: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <div className="min-w-0">
        <p className={`truncate font-semibold ${titleClass}`}>{run.title}</p>
        <p className="text-xs text-slate-500">{children}</p>
      </div>
      <div className="flex items-center gap-2">
        <RunStatusBadge outcome={run.outcome} />
        <RunActions run={run} canRun={canRun} canApprove={canApprove} />
      </div>
    </div>
  );
}

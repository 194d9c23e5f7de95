import { useFetcher } from "@remix-run/react";
import type { action } from "~/routes/workflow/route";
import { CheckCheck, Redo2, RotateCcw } from "lucide-react";
import type { RunOutcome } from "~/domain/workflow-run";
import { IdempotencyKeyField } from "~/components/ui/idempotency-key";

/** Approve (a waiting run) or Retry (a failed one), posted to the workflow action without leaving the page. */
export function RunActions({
  run,
  canRun,
  canApprove,
}: {
  run: { id: string; status: string; title: string; outcome: RunOutcome; canRunAgain?: boolean };
  canRun: boolean;
  canApprove: boolean;
}) {
  const fetcher = useFetcher<typeof action>();
  const busy = fetcher.state !== "idle";
  const button =
    "inline-flex items-center gap-1.5 rounded-lg px-3 py-1.5 text-xs font-medium disabled:cursor-not-allowed disabled:opacity-60";
  let control: React.ReactNode = null;
  if (run.outcome === "waiting") {
    control = (
      <button
        type="submit"
        name="intent"
        value="approve"
        disabled={busy || !canApprove}
        title={canApprove ? undefined : "Only Editors and Admins approve"}
        aria-label={`Approve “${run.title}”`}
        className={`${button} bg-emerald-600 text-white hover:bg-emerald-700`}
      >
        <CheckCheck size={14} aria-hidden /> Approve
      </button>
    );
  } else if (run.status === "failed") {
    control = (
      <button
        type="submit"
        name="intent"
        value="retry"
        disabled={busy || !canRun}
        title={canRun ? undefined : "Only Editors and Admins retry runs"}
        aria-label={`Retry “${run.title}”`}
        className={`${button} border border-slate-300 bg-white text-slate-700 hover:bg-slate-50`}
      >
        <RotateCcw size={14} aria-hidden /> Retry
      </button>
    );
  } else if (run.outcome === "returned" || run.outcome === "writer") {
    const first = run.outcome === "writer" ? "Write the piece from the outline first" : "Work on the reviewer's list first";
    const why = !canRun ? "Only Editors and Admins run the workflow" : !run.canRunAgain ? first : undefined;
    control = (
      <button
        type="submit"
        name="intent"
        value="runAgain"
        disabled={busy || !canRun || !run.canRunAgain}
        title={why}
        aria-label={`Run “${run.title}” again from the Content Editor`}
        data-testid="run-again"
        className={`${button} border border-slate-300 bg-white text-slate-700 hover:bg-slate-50`}
      >
        <Redo2 size={14} aria-hidden /> Run again
      </button>
    );
  }
  if (!control) return null;
  return (
    <fetcher.Form method="post" action="/workflow" className="flex items-center gap-2">
      <input type="hidden" name="runId" value={run.id} />
      {/* Only Run again makes a row; Approve and Retry ignore the key. */}
      <IdempotencyKeyField renewOn={fetcher.data?.ok ? fetcher.data : null} />
      {control}
      {(run.outcome === "returned" || run.outcome === "writer") && canRun && !run.canRunAgain ? (
        <span className="text-xs text-slate-500">{run.outcome === "writer" ? "Write the piece first" : "Edit the item first"}</span>
      ) : null}
      {fetcher.data && !fetcher.data.ok ? (
        <span role="alert" className="text-xs text-rose-600">
          {fetcher.data.formError}
        </span>
      ) : null}
    </fetcher.Form>
  );
}

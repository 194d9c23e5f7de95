import type { LoaderFunctionArgs } from "@remix-run/node";
import { fail } from "~/web/reply.server";
import { Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { ArrowLeft } from "lucide-react";
import { PageHeader } from "~/components/ui/card";
import { RunLog } from "~/components/workflow/run-log";
import { useLivePolling } from "~/components/ui/use-live-polling";
import { can } from "~/domain/permissions";
import { LOG_FILTERS, isLogFilter } from "~/domain/workflow-run";
import { listRuns } from "~/models/workflow-run.server";
import { requireUser } from "~/web/session.server";
import { keepShownWhenUnanswered } from "~/components/keep-shown";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/route-error";

export const meta = () => [{ title: "Run Log · Agent Workflow · Content Studio" }];

/** Live polling reloads this page: a reload without an answer keeps what is shown. */
export const clientLoader = keepShownWhenUnanswered("routes/workflow_.logs");

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const asked = new URL(request.url).searchParams.get("status");
  if (asked && !isLogFilter(asked)) throw fail("invalid", `Unknown run status “${asked}”: choose one of ${LOG_FILTERS.join(", ")}.`);
  const status = asked && isLogFilter(asked) ? asked : null;
  const runs = await listRuns({ status: status ?? undefined, take: 40 });
  return { runs, status, canRun: can(user.role, "workflow.run"), canApprove: can(user.role, "content.approve") };
}

const FILTER_LABELS: Record<string, string> = {
  "": "All",
  running: "Running",
  succeeded: "Finished",
  failed: "Failed",
  waiting: "Waiting",
};

export default function WorkflowLogs() {
  const { runs, status, canRun, canApprove } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  useLivePolling(runs.some((r) => r.status === "running"));
  return (
    <div className="mx-auto max-w-5xl">
      <Link to="/workflow" className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-indigo-600 hover:underline">
        <ArrowLeft size={14} aria-hidden /> Agent Workflow
      </Link>
      <PageHeader title="Run Log" subtitle="Every pipeline run with its steps, timings, errors and tokens." />
      <nav aria-label="Filter runs by status" className="mb-4 flex flex-wrap gap-2">
        {["", ...LOG_FILTERS].map((f) => {
          const next = new URLSearchParams(params);
          if (f) next.set("status", f);
          else next.delete("status");
          const current = (status ?? "") === f;
          return (
            <Link
              key={f || "all"}
              to={`?${next.toString()}`}
              aria-current={current ? "page" : undefined}
              className={`rounded-full px-3 py-1 text-sm font-medium ring-1 ring-inset ${current ? "bg-indigo-600 text-white ring-indigo-600" : "bg-white text-slate-700 ring-slate-200 hover:bg-slate-50"}`}
            >
              {FILTER_LABELS[f]}
            </Link>
          );
        })}
      </nav>
      <RunLog runs={runs} filtered={status !== null} canRun={canRun} canApprove={canApprove} />
    </div>
  );
}

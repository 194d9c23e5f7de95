import type { ActionFunctionArgs } from "@remix-run/node";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PageHeader } from "~/components/ui/card";
import { ActiveRuns } from "~/components/workflow/active-runs";
import { AddAgentDialog } from "~/components/workflow/add-agent-dialog";
import { BriefQueue } from "~/components/workflow/brief-queue";
import { EarlierDeliveries } from "~/components/workflow/earlier-deliveries";
import { RunnerButton } from "~/components/workflow/runner-button";
import { useLivePolling } from "~/components/ui/use-live-polling";
import { WorkflowCanvas } from "~/components/workflow/workflow-canvas";
import { PipelineList } from "~/components/workflow/pipeline-list";
import { WorkflowSummary } from "~/components/workflow/workflow-summary";
import { timeAgo } from "~/domain/relative-time";
import { averageRate } from "~/domain/workflow";
import { RUNNER_STATE_LABELS } from "~/domain/workflow-run";
import { can } from "~/domain/permissions";
import { CHANNEL_LABELS, isChannel } from "~/domain/channels/network-limits";
import { listAgents } from "~/models/agent.server";
import { listEarlierDeliveries } from "~/models/earlier-deliveries.server";
import { getRunnerStatus, listQueue, listQueueableDrafts, listRuns } from "~/models/workflow-run.server";
import { runTotals } from "~/models/run-success.server";
import { routeAction } from "~/web/action.server";
import { requireUser } from "~/web/session.server";
import { addAgent, move } from "./agents.server";
import { approve, pause, queueBrief, queueContent, retry, runAgain, start, toggle } from "./runs.server";
import { keepShownWhenUnanswered, replyWhenUnanswered } from "~/components/keep-shown";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/route-error";

export const meta = () => [{ title: "Agent Workflow · Content Studio" }];

/** Live polling reloads this page: a reload without an answer keeps what is shown. */
export const clientLoader = keepShownWhenUnanswered("routes/workflow");

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const now = new Date();
  const [agents, state, running, waiting, queue, earlier, drafts, runs] = await Promise.all([
    listAgents(now),
    getRunnerStatus(now),
    listRuns({ status: "running", take: 5 }),
    listRuns({ status: "waiting", take: 5 }),
    listQueue(),
    listEarlierDeliveries(6),
    listQueueableDrafts(),
    runTotals(now),
  ]);
  return {
    state,
    stateLabel: RUNNER_STATE_LABELS[state],
    canRun: can(user.role, "workflow.run"),
    canEdit: can(user.role, "workflow.edit"),
    canApprove: can(user.role, "content.approve"),
    averageRate: averageRate(agents.map((a) => a.successRate)),
    runs,
    agents: agents.map((a) => ({
      id: a.id,
      name: a.name,
      type: a.type,
      status: a.status,
      x: a.x,
      y: a.y,
      successRate: a.successRate,
      lastRun: a.lastRunAt ? timeAgo(a.lastRunAt, now) : "Never",
    })),
    activeRuns: [...waiting, ...running],
    queue: queue.map((q) => ({
      id: q.id,
      title: q.content?.title ?? q.briefTitle ?? "Untitled",
      type: q.briefType,
      queuedAgo: timeAgo(q.createdAt.toISOString(), now),
    })),
    drafts,
    earlier: earlier.map((o) => ({
      id: o.id,
      network: isChannel(o.integrationId) ? CHANNEL_LABELS[o.integrationId] : o.integrationId,
      channel: o.channel,
      title: titleOf(o.payload),
      at: timeAgo(o.createdAt.toISOString(), now),
    })),
  };
}

function titleOf(payload: string): string {
  try {
    return String((JSON.parse(payload) as { title?: unknown }).title ?? "");
  } catch {
    return "";
  }
}

/** A form sent without an answer keeps its text and says it was not saved. */
export const clientAction = replyWhenUnanswered();

// A function, not `const action = routeAction(…)`: the browser build keeps top-level calls, and
// ~/action.server is empty there.
export function action(args: ActionFunctionArgs) {
  return routeAction({
    intents: { start, pause, toggle, queueBrief, queueContent, retry, approve, runAgain, addAgent, move },
    unknownIntent: (intent) => `Unknown workflow action: ${intent || "none"}`,
  })(args);
}

export default function Workflow() {
  const { state, stateLabel, canRun, canEdit, canApprove, averageRate, runs, agents, activeRuns, queue, drafts, earlier } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  useLivePolling(state === "running" || state === "pausing" || activeRuns.some((r) => r.status === "running"));
  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title="Agent Workflow"
        subtitle="Content moves through these AI agents in order, from input to publishing."
        actions={
          <>
            <AddAgentDialog agents={agents} allowed={canEdit} />
            <RunnerButton state={state} allowed={canRun} />
          </>
        }
      />
      {actionData && !actionData.ok ? (
        <p role="alert" className="mb-4 rounded-lg border border-rose-200 bg-rose-50 px-4 py-3 text-sm text-rose-700">
          {actionData.formError}
        </p>
      ) : null}
      <WorkflowCanvas agents={agents} editable={canEdit} />
      <PipelineList agents={agents} />
      <WorkflowSummary total={agents.length} averageRate={averageRate} runs={runs} state={state} stateLabel={stateLabel} />
      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-3">
        <ActiveRuns runs={activeRuns} canRun={canRun} canApprove={canApprove} className="lg:col-span-2" />
        <div className="min-w-0 space-y-6">
          <BriefQueue queue={queue} drafts={drafts} allowed={canRun} />
          <EarlierDeliveries rows={earlier} />
        </div>
      </div>
    </div>
  );
}

import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Pause, Play, Plus } from "lucide-react";
import { PageHeader } from "~/components/ui/card";
import { WorkflowCanvas } from "~/components/workflow/workflow-canvas";
import { WorkflowSummary } from "~/components/workflow/workflow-summary";
import { timeAgo } from "~/domain/relative-time";
import { averageRate } from "~/domain/workflow";
import { listAgents } from "~/models/agent.server";
import { getSettings, toggleWorkflowRunning } from "~/models/settings.server";
import { can } from "~/domain/permissions";
import { denied, requireUser } from "~/session.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/route-error";

export const meta = () => [{ title: "Agent Workflow · Content Studio" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const now = new Date();
  const [agents, settings] = await Promise.all([listAgents(), getSettings()]);
  return {
    running: settings.workflowRunning,
    canRun: can(user.role, "workflow.run"),
    averageRate: averageRate(agents.map((a) => a.successRate)),
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
  };
}

// json() rather than data(): this app has no single-fetch type augmentation, so data() loses the types.
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const refused = denied(user, "workflow.run");
  if (refused) return refused;
  const intent = (await request.formData()).get("intent");
  if (intent === "toggle") return json({ running: await toggleWorkflowRunning(), error: null });
  return json({ running: null, error: `Unknown workflow action: ${String(intent ?? "none")}` }, { status: 400 });
}

function ToggleWorkflowButton({ running, allowed }: { running: boolean; allowed: boolean }) {
  const busy = useNavigation().formData?.get("intent") === "toggle";
  const Icon = running ? Pause : Play;
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="toggle" />
      <button
        type="submit"
        disabled={busy || !allowed}
        aria-busy={busy}
        title={allowed ? undefined : "Only Editors and Admins start or pause the workflow"}
        className={`inline-flex items-center gap-2 rounded-lg px-4 py-2 text-sm font-medium text-white shadow-sm disabled:cursor-not-allowed disabled:opacity-60 ${
          running ? "bg-amber-600 hover:bg-amber-700" : "bg-indigo-600 hover:bg-indigo-700"
        }`}
      >
        <Icon size={16} aria-hidden /> {running ? "Pause Workflow" : "Start Workflow"}
      </button>
    </Form>
  );
}

export default function Workflow() {
  const { running, canRun, averageRate, agents } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title="Agent Workflow"
        subtitle="Content moves through these AI agents in order, from input to publishing."
        actions={
          <>
            <button
              type="button"
              disabled
              title="Coming soon: add a pipeline step"
              className="inline-flex items-center gap-2 rounded-lg border border-slate-200 bg-white px-4 py-2 text-sm font-medium text-slate-700 disabled:cursor-not-allowed disabled:opacity-60"
            >
              <Plus size={16} aria-hidden /> Add Agent
            </button>
            <ToggleWorkflowButton running={running} allowed={canRun} />
          </>
        }
      />
      {actionData?.error ? (
        <p role="alert" className="mb-4 rounded-lg border border-rose-200 bg-rose-50 px-4 py-3 text-sm text-rose-700">
          {actionData.error}
        </p>
      ) : null}
      <WorkflowCanvas agents={agents} />
      <WorkflowSummary total={agents.length} averageRate={averageRate} running={running} />
    </div>
  );
}

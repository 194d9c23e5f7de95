// Every change a member makes on the workflow screen: parse, check the role, apply, reply.
import { fieldErrors } from "~/domain/field-errors";
import { addAgentForm, briefForm, moveForm, runForm } from "~/domain/workflow-forms";
import { forbiddenMessage, can, type Permission } from "~/domain/permissions";
import { addAgent, moveAgent } from "./agent.server";
import { toggleWorkflowRunning } from "./settings.server";
import { approveRun, queueBrief, queueContent, retryRun, setWorkflowRunning } from "./workflow-run.server";
import { wakeWorkflowRunner } from "~/wake.server";

type User = { id: string; role: string; name: string };
export interface WorkflowReply {
  status: number;
  body: { intent: string; ok: boolean; error: string | null; fieldErrors?: Record<string, string>; running?: boolean };
}

const NEEDS: Record<string, Permission> = {
  start: "workflow.run",
  pause: "workflow.run",
  toggle: "workflow.run",
  queueBrief: "workflow.run",
  queueContent: "workflow.run",
  retry: "workflow.run",
  approve: "content.approve",
  addAgent: "workflow.edit",
  move: "workflow.edit",
};

const ok = (intent: string, extra: Partial<WorkflowReply["body"]> = {}): WorkflowReply => ({ status: 200, body: { intent, ok: true, error: null, ...extra } });
const fail = (intent: string, status: number, error: string, errors?: Record<string, string>): WorkflowReply => ({
  status,
  body: { intent, ok: false, error, ...(errors ? { fieldErrors: errors } : {}) },
});

export async function handleWorkflowAction(user: User, form: FormData): Promise<WorkflowReply> {
  const intent = String(form.get("intent") ?? "");
  const permission = NEEDS[intent];
  if (!permission) return fail(intent, 400, `Unknown workflow action: ${intent || "none"}`);
  if (!can(user.role, permission)) return fail(intent, 403, forbiddenMessage(user.role, permission));
  const fields = Object.fromEntries([...form.entries()].map(([k, v]) => [k, String(v)]));

  switch (intent) {
    case "start":
    case "pause":
    case "toggle": {
      const running = intent === "toggle" ? await toggleWorkflowRunning() : await setWorkflowRunning(intent === "start");
      if (running) wakeWorkflowRunner();
      return ok(intent, { running });
    }
    case "queueBrief": {
      const parsed = briefForm.safeParse(fields);
      if (!parsed.success) return fail(intent, 400, "Check the brief's fields.", fieldErrors(parsed.error));
      await queueBrief({ ...parsed.data, userId: user.id });
      wakeWorkflowRunner();
      return ok(intent);
    }
    case "queueContent": {
      const contentId = fields.contentId?.trim();
      if (!contentId) return fail(intent, 400, "Choose an item to queue.", { contentId: "Choose an item to queue." });
      const result = await queueContent(contentId, user.id);
      if (!result.ok) return fail(intent, result.status, result.error, { contentId: result.error });
      wakeWorkflowRunner();
      return ok(intent);
    }
    case "retry":
    case "approve": {
      const parsed = runForm.safeParse(fields);
      if (!parsed.success) return fail(intent, 400, parsed.error.issues[0].message);
      const result = intent === "retry" ? await retryRun(parsed.data.runId) : await approveRun(parsed.data.runId, user);
      if (!result.ok) return fail(intent, result.status, result.error);
      wakeWorkflowRunner();
      return ok(intent);
    }
    case "addAgent": {
      const parsed = addAgentForm.safeParse(fields);
      if (!parsed.success) return fail(intent, 400, "Check the new agent's fields.", fieldErrors(parsed.error));
      const created = await addAgent(parsed.data);
      if (!created) return fail(intent, 400, "That place in the pipeline no longer exists.", { after: "Choose where the agent goes again." });
      return ok(intent);
    }
    case "move": {
      const parsed = moveForm.safeParse(fields);
      if (!parsed.success) return fail(intent, 400, "That position is off the canvas.");
      if (!(await moveAgent(parsed.data.id, parsed.data.x, parsed.data.y))) return fail(intent, 404, "That agent is no longer in the pipeline.");
      return ok(intent);
    }
  }
  return fail(intent, 400, `Unknown workflow action: ${intent}`);
}

// Use cases on the agent workflow: each change that gives the runner work also wakes it.
import type { ContentType } from "~/domain/content";
import { toggleWorkflowRunning } from "~/models/settings.server";
import { approveRun, queueBrief, queueContent, retryRun, runAgain, setWorkflowRunning, type RunChange } from "~/models/workflow-run.server";
import { wakeWorkflowRunner } from "~/db/wake.server";
import { memberActor } from "~/domain/audit";
import { recordAudit } from "~/models/audit.server";

type Member = { id: string; role: string; name: string };

/** Start, pause or toggle; returns whether the workflow now runs. */
export async function switchWorkflow(to: "start" | "pause" | "toggle", user: Member): Promise<boolean> {
  const running = to === "toggle" ? await toggleWorkflowRunning() : await setWorkflowRunning(to === "start");
  await recordAudit({
    actor: memberActor(user),
    action: running ? "workflow.started" : "workflow.paused",
    object: { type: "workflow", id: "workflow", title: "Agent workflow" },
    after: { running },
  });
  if (running) wakeWorkflowRunner();
  return running;
}

export async function queueBriefRun(input: { title: string; type: ContentType; brief: string }, user: Member) {
  await queueBrief({ ...input, userId: user.id });
  wakeWorkflowRunner();
}

export async function queueContentRun(contentId: string, user: Member): Promise<RunChange> {
  return wakeOnSuccess(await queueContent(contentId, user.id));
}

export async function retryWorkflowRun(runId: string): Promise<RunChange> {
  return wakeOnSuccess(await retryRun(runId));
}

export async function approveWorkflowRun(runId: string, user: Member): Promise<RunChange> {
  return wakeOnSuccess(await approveRun(runId, user));
}

export async function runWorkflowAgain(runId: string, user: Member): Promise<RunChange> {
  return wakeOnSuccess(await runAgain(runId, user.id));
}

function wakeOnSuccess(change: RunChange): RunChange {
  if (change.ok) wakeWorkflowRunner();
  return change;
}

import { createOnce, type ActionInput } from "~/web/action.server";
import { authorize } from "~/web/authorize.server";
import { briefForm, queueContentForm, runForm } from "~/domain/workflow-forms";
import { invalid, ok, refused } from "~/web/reply.server";
import {
  approveWorkflowRun,
  queueBriefRun,
  queueContentRun,
  retryWorkflowRun,
  runWorkflowAgain,
  switchWorkflow,
} from "~/services/workflow-runs.server";

const switchTo =
  (to: "start" | "pause" | "toggle") =>
  async ({ user }: ActionInput) => {
    authorize(user, "workflow.run");
    return ok({ intent: to, running: await switchWorkflow(to, user) });
  };

export const start = switchTo("start");
export const pause = switchTo("pause");
export const toggle = switchTo("toggle");

const queued = () => ok({ intent: "queueBrief" });

/** Sent again with its key, the brief is queued once. */
export const queueBrief = createOnce(async ({ user, fields }: ActionInput) => {
  authorize(user, "workflow.run");
  const parsed = briefForm.safeParse(fields);
  if (!parsed.success) return invalid(parsed.error, "Check the brief's fields.", { intent: "queueBrief" });
  await queueBriefRun(parsed.data, user);
  return queued();
}, queued);

const contentQueued = () => ok({ intent: "queueContent" });

/** Sent again with its key, the item is queued once. */
export const queueContent = createOnce(async ({ user, fields }: ActionInput) => {
  authorize(user, "workflow.run");
  const parsed = queueContentForm.safeParse(fields);
  if (!parsed.success) return invalid(parsed.error, "Choose an item to queue.", { intent: "queueContent" });
  const result = await queueContentRun(parsed.data.contentId, user);
  if (!result.ok) return refused(result, { contentId: result.error }, { intent: "queueContent" });
  return contentQueued();
}, contentQueued);

export async function retry({ user, fields }: ActionInput) {
  authorize(user, "workflow.run");
  const parsed = runForm.safeParse(fields);
  if (!parsed.success) return invalid(parsed.error, undefined, { intent: "retry" });
  const result = await retryWorkflowRun(parsed.data.runId);
  return result.ok ? ok({ intent: "retry" }) : refused(result, {}, { intent: "retry" });
}

export async function approve({ user, fields }: ActionInput) {
  authorize(user, "content.approve");
  const parsed = runForm.safeParse(fields);
  if (!parsed.success) return invalid(parsed.error, undefined, { intent: "approve" });
  const result = await approveWorkflowRun(parsed.data.runId, user);
  return result.ok ? ok({ intent: "approve" }) : refused(result, {}, { intent: "approve" });
}

/** A run the reviewer returned goes again from the Content Editor, once the writer has worked on the item. */
const ranAgain = () => ok({ intent: "runAgain" });

/** Sent again with its key, the item runs again once (and the retry is answered as the first was). */
export const runAgain = createOnce(async ({ user, fields }: ActionInput) => {
  authorize(user, "workflow.run");
  const parsed = runForm.safeParse(fields);
  if (!parsed.success) return invalid(parsed.error, undefined, { intent: "runAgain" });
  const result = await runWorkflowAgain(parsed.data.runId, user);
  return result.ok ? ranAgain() : refused(result, {}, { intent: "runAgain" });
}, ranAgain);

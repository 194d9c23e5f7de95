import { createOnce, type ActionInput } from "~/web/action.server";
import { authorize } from "~/web/authorize.server";
import { addAgentForm, moveForm } from "~/domain/workflow-forms";
import { addAgent as createAgent, moveAgent } from "~/models/agent.server";
import { fail, invalid, ok } from "~/web/reply.server";
import { memberActor } from "~/domain/audit";
import { recordAudit } from "~/models/audit.server";

const agentAdded = () => ok({ intent: "addAgent" });

/** Sent again with its key, the agent is added once. */
export const addAgent = createOnce(async ({ user, fields }: ActionInput) => {
  authorize(user, "workflow.edit");
  const parsed = addAgentForm.safeParse(fields);
  if (!parsed.success) return invalid(parsed.error, "Check the new agent's fields.", { intent: "addAgent" });
  const agent = await createAgent(parsed.data);
  if (!agent)
    return fail(
      "invalid",
      "That place in the pipeline no longer exists.",
      { after: "Choose where the agent goes again." },
      { intent: "addAgent" },
    );
  await recordAudit({
    actor: memberActor(user),
    action: "settings.agent-added",
    object: { type: "agent", title: parsed.data.name },
    after: { name: parsed.data.name, type: parsed.data.type },
  });
  return agentAdded();
}, agentAdded);

export async function move({ user, fields }: ActionInput) {
  authorize(user, "workflow.edit");
  const parsed = moveForm.safeParse(fields);
  if (!parsed.success) return fail("invalid", "That position is off the canvas.", {}, { intent: "move" });
  if (!(await moveAgent(parsed.data.id, parsed.data.x, parsed.data.y)))
    return fail("not-found", "That agent is no longer in the pipeline.", {}, { intent: "move" });
  return ok({ intent: "move" });
}

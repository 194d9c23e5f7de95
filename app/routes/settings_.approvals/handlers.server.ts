import type { ActionInput } from "~/web/action.server";
import { requirePermission } from "~/web/authorize.server";
import { parseChainForm } from "~/domain/approval-forms";
import { createChain, deleteChain, listApproverCandidates } from "~/models/approval.server";
import { done, fail, failed } from "~/web/reply.server";
import { memberActor } from "~/domain/audit";
import { recordAudit } from "~/models/audit.server";

/** An Admin adds a chain (Admins hold the publishing settings). */
export async function addChain({ user, form }: ActionInput) {
  requirePermission(user, "settings.publishing");
  const parsed = parseChainForm(form, await listApproverCandidates());
  // What was typed comes back with the refusal, so a form posted without scripts keeps it.
  const values = {
    name: String(form.get("name") ?? ""),
    scope: String(form.get("scope") ?? ""),
    reminderHours: String(form.get("reminderHours") ?? ""),
    picked: [...form.keys()].flatMap((k) => form.getAll(k).map((v) => `${k}=${v}`)),
  };
  if (!parsed.ok) return fail("invalid", "The chain was not saved.", parsed.errors, { intent: "add-chain", values });
  const chain = await createChain(parsed);
  await recordAudit({
    actor: memberActor(user),
    action: "approval.chain-added",
    object: { type: "approval-chain", id: chain.id, title: parsed.name },
    after: { scope: values.scope, steps: parsed.steps.length },
  });
  return done("add-chain", `Chain “${parsed.name}” saved.`);
}

export async function removeChain({ user, fields }: ActionInput) {
  requirePermission(user, "settings.publishing");
  const removed = await deleteChain(fields.chainId ?? "");
  if (!removed) return failed("remove-chain", "not-found", "That chain no longer exists.");
  await recordAudit({ actor: memberActor(user), action: "approval.chain-removed", object: { type: "approval-chain", id: fields.chainId } });
  return done("remove-chain", "Chain removed. Items already in it keep the steps they started with.");
}

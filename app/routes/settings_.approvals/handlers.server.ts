import type { ActionInput } from "~/web/action.server";
import { requirePermission } from "~/web/authorize.server";
import { parseChainForm } from "~/domain/approval-forms";
import { createChain, deleteChain, listApproverCandidates } from "~/models/approval.server";
import { done, failed } from "~/web/reply.server";

/** An Admin adds a chain (Admins hold the publishing settings). */
export async function addChain({ user, form }: ActionInput) {
  requirePermission(user, "settings.publishing");
  const parsed = parseChainForm(form, await listApproverCandidates());
  if (!parsed.ok) return failed("add-chain", "invalid", "The chain was not saved.", parsed.errors);
  await createChain(parsed);
  // AUDIT (issue 37): an approval chain added; the audit row goes here.
  return done("add-chain", `Chain “${parsed.name}” saved.`);
}

export async function removeChain({ user, fields }: ActionInput) {
  requirePermission(user, "settings.publishing");
  const removed = await deleteChain(fields.chainId ?? "");
  if (!removed) return failed("remove-chain", "not-found", "That chain no longer exists.");
  // AUDIT (issue 37): an approval chain removed; the audit row goes here.
  return done("remove-chain", "Chain removed. Items already in it keep the steps they started with.");
}

import { createOnce, type ActionInput } from "~/web/action.server";
import { authorize } from "~/web/authorize.server";
import { parseChainForm } from "~/domain/approval-forms";
import { chainName, createChain, deleteChain, listApproverCandidates, updateChain } from "~/models/approval.server";
import { done, fail, failed } from "~/web/reply.server";
import { memberActor } from "~/domain/audit";
import { recordAudit } from "~/models/audit.server";

/** What was typed comes back with a refusal, so a form posted without scripts keeps it. */
const typed = (form: FormData) => ({
  name: String(form.get("name") ?? ""),
  scope: String(form.get("scope") ?? ""),
  reminderHours: String(form.get("reminderHours") ?? ""),
  onApproval: String(form.get("onApproval") ?? ""),
  picked: [...form.keys()].flatMap((k) => form.getAll(k).map((v) => `${k}=${v}`)),
});

const chainAdded = (name: string) => done("add-chain", `Chain “${name}” saved.`);

/** An Admin adds a chain (Admins hold the publishing settings). Sent again with its key, the same chain. */
export const addChain = createOnce(
  async ({ user, form }: ActionInput) => {
    authorize(user, "settings.publishing");
    const parsed = parseChainForm(form, await listApproverCandidates());
    const values = typed(form);
    if (!parsed.ok) return fail("invalid", "The chain was not saved.", parsed.errors, { intent: "add-chain", values });
    const chain = await createChain(parsed);
    await recordAudit({
      actor: memberActor(user),
      action: "approval.chain-added",
      object: { type: "approval-chain", id: chain.id, title: parsed.name },
      after: { scope: values.scope, steps: parsed.steps.length, publishWhenApproved: parsed.publishWhenApproved },
    });
    return chainAdded(parsed.name);
  },
  async (chainId) => {
    const name = await chainName(chainId);
    return name === null ? failed("add-chain", "conflict", "That chain was saved and has since been removed.") : chainAdded(name);
  },
);

/** An Admin changes a chain; items already in it keep the steps they started with. */
export async function editChain({ user, form, fields }: ActionInput) {
  authorize(user, "settings.publishing");
  const chainId = fields.chainId ?? "";
  const parsed = parseChainForm(form, await listApproverCandidates());
  if (!parsed.ok)
    return fail("invalid", "The chain was not changed.", parsed.errors, { intent: "edit-chain", chainId, values: typed(form) });
  if (!(await updateChain(chainId, parsed))) return failed("edit-chain", "not-found", "That chain no longer exists.");
  await recordAudit({
    actor: memberActor(user),
    action: "approval.chain-changed",
    object: { type: "approval-chain", id: chainId, title: parsed.name },
    after: { scope: typed(form).scope, steps: parsed.steps.length, publishWhenApproved: parsed.publishWhenApproved },
  });
  return done("edit-chain", `Chain “${parsed.name}” saved. Items already in it keep the steps they started with.`);
}

export async function removeChain({ user, fields }: ActionInput) {
  authorize(user, "settings.publishing");
  const removed = await deleteChain(fields.chainId ?? "");
  if (!removed) return failed("remove-chain", "not-found", "That chain no longer exists.");
  await recordAudit({ actor: memberActor(user), action: "approval.chain-removed", object: { type: "approval-chain", id: fields.chainId } });
  return done("remove-chain", "Chain removed. Items already in it keep the steps they started with.");
}

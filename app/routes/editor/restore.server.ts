import type { ActionInput } from "~/web/action.server";
import { requireEditableItem } from "~/web/authorize.server";
import { RestoreSchema } from "~/domain/editor-forms";
import { revisionNumber } from "~/models/revision.server";
import { fail, invalid, ok } from "~/web/reply.server";
import { saveItemBody } from "~/services/body-save.server";
import { contentObject, memberActor } from "~/domain/audit";
import { recordAudit } from "~/models/audit.server";

/**
 * A version brought back after the member confirmed it (History's confirmation, without scripts). Checked
 * against the version the confirmation showed: if the text changed since, nothing is restored and the
 * member is asked again with the new list of whose words would change.
 */
export async function restore({ user, fields }: ActionInput) {
  const item = await requireEditableItem(user, fields.id, { intent: "restore" });
  const parsed = RestoreSchema.safeParse(fields);
  if (!parsed.success) return invalid(parsed.error, undefined, { intent: "restore" });
  const { id, revision, version } = parsed.data;
  const number = await revisionNumber(id, revision);
  const result = await saveItemBody(id, { version, restore: revision, label: "Edited" }, user);
  if (result.ok) {
    const object = contentObject({ id, title: item.title });
    await recordAudit({ actor: memberActor(user), action: "content.revision-restored", object, after: { version: number } });
  }
  if (result.ok) return ok({ intent: "restore", message: `Restored version ${number}. The text before it is kept in History.` });
  if (result.reason === "missing") return fail("not-found", "That content item does not exist.", {}, { intent: "restore" });
  if (result.reason === "no-revision") return fail("not-found", "That version is not one of this item's.", {}, { intent: "restore" });
  return fail(
    "conflict",
    "The text changed while you were deciding, so nothing was restored. Look at whose words would change now and confirm again.",
    {},
    { intent: "restore", revision },
  );
}

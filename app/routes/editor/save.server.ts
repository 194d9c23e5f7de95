import type { ActionInput } from "~/web/action.server";
import { requireEditableItem } from "~/web/authorize.server";
import { PlainSaveSchema } from "~/domain/editor-forms";
import { saveItemBody } from "~/services/body-save.server";
import { fail, invalid, ok } from "~/web/reply.server";

/**
 * The text saved without scripts: the same version-checked save as autosave, through the item's live
 * document when someone has it open (one path for every body write). On a conflict the page
 * shows the newer text in the editor and keeps the member's own text beside it, so neither is lost.
 */
export async function save({ user, fields }: ActionInput) {
  await requireEditableItem(user, fields.id, { intent: "save" });
  const parsed = PlainSaveSchema.safeParse(fields);
  if (!parsed.success) return invalid(parsed.error, undefined, { intent: "save" });
  const { id, version, body } = parsed.data;
  const result = await saveItemBody(id, { version, body, label: "Edited" }, user);
  if (result.ok) return ok({ intent: "save", message: "Saved.", version: result.version });
  if (result.reason === "missing") return fail("not-found", "That content item does not exist.", {}, { intent: "save" });
  return fail(
    "conflict",
    "Someone saved a newer version while you were editing. Theirs is in the editor now; yours is kept below.",
    {},
    { intent: "save", mine: body },
  );
}

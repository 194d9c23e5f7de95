import { routeAction } from "~/web/action.server";
import { requireEditableItem } from "~/web/authorize.server";
import { AutosaveSchema } from "~/domain/editor-forms";
import { MAX_BODY_MESSAGE, MAX_REQUEST_BYTES } from "~/domain/editor-limits";
import { ASSISTANT_LABELS } from "~/models/content-write.server";
import { fail, invalid, ok } from "~/web/reply.server";
import { saveItemBody } from "~/services/body-save.server";

const NO_ITEM = "That content item does not exist.";

// The editor's autosave endpoint. Plain JSON, so the editor can tell "offline" from a refusal.
/**
 * Saves the text (or restores a revision) against the version the editor last saw; 409 carries the
 * newer text and, when the two edits do not overlap, `merged`: both applied to the base revision.
 */
export const action = routeAction({
  handler: async ({ user, fields, params }) => {
    const id = params.id ?? "";
    await requireEditableItem(user, id);
    const parsed = AutosaveSchema.safeParse(fields);
    if (!parsed.success) return invalid(parsed.error);
    const { version, body, restore, label, base } = parsed.data;
    if (body === undefined && !restore) return fail("invalid", "The text is missing.");
    const result = await saveItemBody(id, { version, base, body, restore, label: label ? ASSISTANT_LABELS[label] : "Edited" }, user);
    if (result.ok) return ok({ version: result.version, savedAt: result.updatedAt.toISOString(), body: result.body });
    if (result.reason === "missing") return fail("not-found", NO_ITEM);
    if (result.reason === "no-revision") return fail("not-found", "That revision does not belong to this item.");
    return fail(
      "conflict",
      "Someone saved a newer version.",
      {},
      { current: result.current, merged: "merged" in result ? result.merged : null },
    );
  },
  resource: true,
  maxBytes: MAX_REQUEST_BYTES,
  tooLarge: () => fail("invalid", MAX_BODY_MESSAGE),
});

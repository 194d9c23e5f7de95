import { z } from "zod";
import { resourceFormAction } from "~/action.server";
import { requireCanEdit } from "~/authorize.server";
import { MAX_BODY, MAX_BODY_MESSAGE, MAX_REQUEST_BYTES } from "~/domain/editor-limits";
import { getEditAccess } from "~/models/content.server";
import { ASSISTANT_LABELS, restoreRevision, saveBody, type SaveResult } from "~/models/content-write.server";
import { fail, invalid, ok } from "~/reply.server";

const NO_ITEM = "That content item does not exist.";

// The editor's autosave endpoint. Plain JSON, so the editor can tell "offline" from a refusal.
const SaveSchema = z.object({
  version: z.coerce
    .number({ invalid_type_error: "The version must be a number." })
    .int()
    .positive("The version must be a positive number."),
  body: z.string({ required_error: "The text is missing." }).max(MAX_BODY, MAX_BODY_MESSAGE).optional(),
  restore: z.string().min(1).optional(),
  /** Set when the writer accepted the assistant's proposal: the save becomes its own labelled revision. */
  label: z.enum(["enhanced", "drafted"], { errorMap: () => ({ message: "Unknown revision label." }) }).optional(),
});

/** Saves the text (or restores a revision) against the version the editor last saw; 409 carries the newer text. */
export const action = resourceFormAction(
  async ({ user, fields, params }) => {
    const parsed = SaveSchema.safeParse(fields);
    if (!parsed.success) return invalid(parsed.error);
    const { version, body, restore, label } = parsed.data;
    if (body === undefined && !restore) return fail("invalid", "The text is missing.");
    const id = params.id ?? "";
    const access = await getEditAccess(id);
    if (!access) return fail("not-found", NO_ITEM);
    requireCanEdit(user, access);
    const result: SaveResult | { ok: false; reason: "no-revision" } = restore
      ? await restoreRevision(id, restore, version, user.id)
      : await saveBody(id, body!, version, user.id, new Date(), label ? ASSISTANT_LABELS[label] : "Edited");
    if (result.ok) return ok({ version: result.version, savedAt: result.updatedAt.toISOString(), body: result.body });
    if (result.reason === "missing") return fail("not-found", NO_ITEM);
    if (result.reason === "no-revision") return fail("not-found", "That revision does not belong to this item.");
    return fail("conflict", "Someone saved a newer version.", {}, { current: result.current });
  },
  { resource: true, maxBytes: MAX_REQUEST_BYTES, tooLarge: () => fail("invalid", MAX_BODY_MESSAGE) },
);

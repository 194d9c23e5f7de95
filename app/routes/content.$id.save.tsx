import { json, type ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { MAX_BODY, MAX_BODY_MESSAGE, MAX_REQUEST_BYTES } from "~/domain/editor-limits";
import { canEditContent, forbiddenMessage } from "~/domain/permissions";
import { getEditAccess } from "~/models/content.server";
import { ASSISTANT_LABELS, restoreRevision, saveBody, type SaveResult } from "~/models/content-write.server";
import { requireUser } from "~/session.server";

// The editor's autosave endpoint. Plain JSON, so the editor can tell "offline" from a refusal.
const SaveSchema = z.object({
  version: z.coerce.number({ invalid_type_error: "The version must be a number." }).int().positive("The version must be a positive number."),
  body: z.string({ required_error: "The text is missing." }).max(MAX_BODY, MAX_BODY_MESSAGE).optional(),
  restore: z.string().min(1).optional(),
  /** Set when the writer accepted the assistant's proposal: the save becomes its own labelled revision. */
  label: z.enum(["enhanced", "drafted"], { errorMap: () => ({ message: "Unknown revision label." }) }).optional(),
});

export type SaveReply =
  | { ok: true; version: number; savedAt: string; body: string }
  | { ok: false; error: string; current?: { body: string; version: number } };

const refuse = (error: string, status: number) => json<SaveReply>({ ok: false, error }, { status });

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  if (Number(request.headers.get("Content-Length") ?? 0) > MAX_REQUEST_BYTES) return refuse(MAX_BODY_MESSAGE, 400);
  const parsed = SaveSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return refuse(parsed.error.issues[0].message, 400);
  const { version, body, restore, label } = parsed.data;
  if (body === undefined && !restore) return refuse("The text is missing.", 400);
  const id = params.id ?? "";
  const access = await getEditAccess(id);
  if (!access) return refuse("That content item does not exist.", 404);
  if (!canEditContent(user, access)) {
    return refuse(user.role === "Writer" ? "Writers can only edit their own drafts." : forbiddenMessage(user.role, "content.editAny"), 403);
  }
  const result: SaveResult | { ok: false; reason: "no-revision" } = restore ? await restoreRevision(id, restore, version, user.id) : await saveBody(id, body!, version, user.id, new Date(), label ? ASSISTANT_LABELS[label] : "Edited");
  if (result.ok) return json<SaveReply>({ ok: true, version: result.version, savedAt: result.updatedAt.toISOString(), body: result.body });
  if (result.reason === "missing") return refuse("That content item does not exist.", 404);
  if (result.reason === "no-revision") return refuse("That revision does not belong to this item.", 404);
  return json<SaveReply>({ ok: false, error: "Someone saved a newer version.", current: result.current }, { status: 409 });
}

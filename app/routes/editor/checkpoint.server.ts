import type { ActionInput } from "~/web/action.server";
import { requireCanEdit } from "~/web/authorize.server";
import { CheckpointSchema } from "~/domain/editor-forms";
import { getEditAccess } from "~/models/content.server";
import { fail, invalid, ok } from "~/web/reply.server";
import { flushDocument } from "~/services/collaboration.server";

/** History opened in a live editor: what was typed so far becomes a revision now, not after the idle pause. */
export async function checkpoint({ user, fields }: ActionInput) {
  const parsed = CheckpointSchema.safeParse(fields);
  if (!parsed.success) return invalid(parsed.error, undefined, { intent: "checkpoint" });
  const access = await getEditAccess(parsed.data.id);
  if (!access) return fail("not-found", "That content item does not exist.", {}, { intent: "checkpoint" });
  requireCanEdit(user, access);
  await flushDocument(parsed.data.id);
  return ok({ intent: "checkpoint" });
}

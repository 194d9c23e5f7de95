import type { ActionInput } from "~/web/action.server";
import { requireEditableItem } from "~/web/authorize.server";
import { CheckpointSchema } from "~/domain/editor-forms";
import { invalid, ok } from "~/web/reply.server";
import { flushDocument } from "~/services/collaboration.server";

/** History opened in a live editor: what was typed so far becomes a revision now, not after the idle pause. */
export async function checkpoint({ user, fields }: ActionInput) {
  await requireEditableItem(user, fields.id, { intent: "checkpoint" });
  const parsed = CheckpointSchema.safeParse(fields);
  if (!parsed.success) return invalid(parsed.error, undefined, { intent: "checkpoint" });
  await flushDocument(parsed.data.id);
  return ok({ intent: "checkpoint" });
}

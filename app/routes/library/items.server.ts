import { redirect } from "@remix-run/node";
import { createOnce, type ActionInput } from "~/web/action.server";
import { authorize } from "~/web/authorize.server";
import { LibraryItemSchema, actionDoneMessage, type LibraryIntent } from "~/domain/library-actions";
import { TRANSITIONS } from "~/domain/lifecycle";
import { contentObject, memberActor } from "~/domain/audit";
import { recordAudit } from "~/models/audit.server";
import { getEditAccess } from "~/models/content.server";
import { deleteContent, duplicateContent } from "~/models/content-write.server";
import { fail, invalid, ok, refused } from "~/web/reply.server";
import { transitionContent } from "~/services/content-lifecycle.server";

const missing = (intent: LibraryIntent, id: string) =>
  fail("not-found", "That content item does not exist (it may have just been deleted).", {}, { intent, id });

const openCopy = (id: string) => redirect(`/editor?id=${id}`);

/** Duplicate opens the copy in the editor (sent again with its key, the same copy). */
export const duplicate = createOnce(async ({ user, fields }: ActionInput) => {
  authorize(user, "content.create");
  const parsed = LibraryItemSchema.safeParse(fields);
  if (!parsed.success) return invalid(parsed.error);
  const copy = await duplicateContent(parsed.data.id, user.id);
  if (!copy) return missing("duplicate", parsed.data.id);
  await recordAudit({
    actor: memberActor(user),
    action: "content.created",
    object: contentObject(copy),
    after: { duplicateOf: parsed.data.id },
  });
  return openCopy(copy.id);
}, openCopy);

export async function remove({ user, fields }: ActionInput) {
  authorize(user, "content.delete");
  const parsed = LibraryItemSchema.safeParse(fields);
  if (!parsed.success) return invalid(parsed.error);
  const { id } = parsed.data;
  const item = await getEditAccess(id);
  if (!item || !(await deleteContent(id, user.id))) return missing("delete", id);
  await recordAudit({
    actor: memberActor(user),
    action: "content.deleted",
    object: contentObject({ id, title: item.title }),
    before: { status: item.status },
  });
  return ok({ intent: "delete" as LibraryIntent, id, message: actionDoneMessage("delete", item.title) });
}

/** Archive and restore are lifecycle moves: their permission here, the status rules in the service. */
const move =
  (intent: "archive" | "restore") =>
  async ({ user, fields }: ActionInput) => {
    authorize(user, TRANSITIONS[intent].permission);
    const parsed = LibraryItemSchema.safeParse(fields);
    if (!parsed.success) return invalid(parsed.error);
    const { id } = parsed.data;
    const item = await getEditAccess(id);
    if (!item) return missing(intent, id);
    const moved = await transitionContent(id, intent, user);
    if (!moved.ok) return refused(moved, {}, { intent, id });
    return ok({ intent: intent as LibraryIntent, id, message: actionDoneMessage(intent, item.title) });
  };

export const archive = move("archive");
export const restore = move("restore");

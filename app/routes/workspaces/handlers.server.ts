// The Owner's screen's handlers (decision 079): each checks the Owner first, then the form, then acts.
import { fieldErrors } from "~/domain/field-errors";
import { CreateWorkspaceSchema, DeleteWorkspaceSchema, RenameWorkspaceSchema } from "~/domain/workspace-forms";
import { createWorkspace, deleteWorkspace, renameWorkspace } from "~/models/workspace.server";
import type { ActionInput } from "~/web/action.server";
import { authorizeOwner } from "~/web/authorize.server";
import { done, failed } from "~/web/reply.server";

export async function create({ user, fields }: ActionInput) {
  authorizeOwner(user);
  const parsed = CreateWorkspaceSchema.safeParse(fields);
  if (!parsed.success) return failed("create", "invalid", "No workspace was created.", fieldErrors(parsed.error));
  const made = await createWorkspace(parsed.data.name, user);
  if (!made.ok) return failed("create", "invalid", "No workspace was created.", { name: made.error });
  return done("create", `Created “${made.name}”. You are its Admin.`, { target: made.id });
}

export async function rename({ user, fields }: ActionInput) {
  authorizeOwner(user);
  const parsed = RenameWorkspaceSchema.safeParse(fields);
  const target = fields.workspaceId ?? "";
  if (!parsed.success) return failed("rename", "invalid", "The name was not changed.", fieldErrors(parsed.error), target);
  const renamed = await renameWorkspace(parsed.data.workspaceId, parsed.data.name, user);
  if (!renamed.ok)
    return renamed.kind === "not-found"
      ? failed("rename", "not-found", renamed.error, {}, target)
      : failed("rename", "invalid", "The name was not changed.", { name: renamed.error }, target);
  return done("rename", `Renamed to “${renamed.name}”.`, { target });
}

export async function remove({ user, fields }: ActionInput) {
  authorizeOwner(user);
  const { workspaceId, confirm } = DeleteWorkspaceSchema.parse(fields);
  const deleted = await deleteWorkspace(workspaceId, confirm, user);
  if (!deleted.ok) {
    if ("field" in deleted && deleted.field)
      return failed("delete", deleted.kind, "Nothing was deleted.", { confirm: deleted.error }, workspaceId);
    return failed("delete", deleted.kind, deleted.error, {}, workspaceId);
  }
  return done("delete", `Deleted “${deleted.name}” and everything it held (${deleted.rows} rows, ${deleted.files} files).`, {
    target: workspaceId,
  });
}

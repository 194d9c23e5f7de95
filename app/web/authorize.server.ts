import { can, editRefusal, forbiddenMessage, type Permission } from "~/domain/permissions";
import { fail } from "~/web/reply.server";
import type { SessionUser } from "~/web/session.server";

type Member = Pick<SessionUser, "id" | "role">;

/**
 * Call at the top of a handler or loader. Throws the 403 reply `{ ok: false, formError }`: an action's
 * dispatcher returns it to the form; a loader's ErrorBoundary shows it. `note` adds what did not happen.
 */
export function requirePermission(user: Member, permission: Permission, note?: string): void {
  const message = forbidden(user, permission);
  if (message) throw fail("forbidden", note ? `${message} ${note}` : message);
}

/** Editors and Admins edit anything; Writers only their own drafts. Throws the 403 reply otherwise. */
export function requireCanEdit(user: Member, item: { authorId: string; status: string }): void {
  const message = editRefusal(user, item);
  if (message) throw fail("forbidden", message);
}

function forbidden(user: Member, permission: Permission): string | null {
  return can(user.role, permission) ? null : forbiddenMessage(user.role, permission);
}

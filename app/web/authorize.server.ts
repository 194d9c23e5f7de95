import { can, editRefusal, forbiddenMessage, type Permission } from "~/domain/permissions";
import { getChannelPost } from "~/models/channel-post.server";
import { getEditAccess } from "~/models/content.server";
import { fail } from "~/web/reply.server";
import type { SessionUser } from "~/web/session.server";

type Member = Pick<SessionUser, "id" | "role">;

const NO_ITEM = "That content item does not exist.";
const NO_POST = "That channel post does not exist.";

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

/**
 * The first call of a handler that changes one content item: the item (title, status, author), or the
 * 404 or 403 reply thrown. `extra` rides along on the 404 (the intent, say) so the form shows it.
 */
export async function requireEditableItem(user: Member, id: string | undefined, extra: object = {}) {
  const item = id ? await getEditAccess(id) : null;
  if (!item) throw fail("not-found", NO_ITEM, {}, extra);
  requireCanEdit(user, item);
  return item;
}

/** The same for a handler that changes one channel post: who may edit its item may change the post. */
export async function requireEditablePost(user: Member, postId: string | undefined, extra: object = {}) {
  const post = postId ? await getChannelPost(postId) : null;
  if (!post) throw fail("not-found", NO_POST, {}, extra);
  requireCanEdit(user, post.content);
  return post;
}

function forbidden(user: Member, permission: Permission): string | null {
  return can(user.role, permission) ? null : forbiddenMessage(user.role, permission);
}

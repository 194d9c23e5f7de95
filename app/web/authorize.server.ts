import { can, editRefusal, forbiddenMessage, type Permission } from "~/domain/permissions";
import { getChannelPost } from "~/models/channel-post.server";
import { getEditAccess } from "~/models/content.server";
import { OWNER_ONLY } from "~/domain/workspace-forms";
import { fail } from "~/web/reply.server";
import type { SessionUser } from "~/web/session.server";

type Member = Pick<SessionUser, "id" | "role">;

const NO_ITEM = "That content item does not exist.";
const NO_POST = "That channel post does not exist.";

type EditTarget = { authorId: string; status: string };

/**
 * The one authorization call (decision 070), at the top of a handler, loader or service: throws the 403
 * reply `{ ok: false, formError }` unless the member has the permission. An action's routeAction returns
 * it to the form; a loader's ErrorBoundary shows it. With `item` the check is editing that item: Editors
 * and Admins edit anything, Writers only their own drafts. `note` adds what did not happen.
 */
export function authorize(user: Member, permission: "content.editAny", options: { item: EditTarget; note?: string }): void;
export function authorize(user: Member, permission: Permission, options?: { note?: string }): void;
export function authorize(user: Member, permission: Permission, options: { item?: EditTarget; note?: string } = {}): void {
  const message = options.item ? editRefusal(user, options.item) : forbidden(user, permission);
  if (message) throw fail("forbidden", options.note ? `${message} ${options.note}` : message);
}

/** The instance's Owner only (workspaces: decision 079): an Admin of a workspace is refused too. */
export function authorizeOwner(user: { isOwner: boolean }): void {
  if (!user.isOwner) throw fail("forbidden", OWNER_ONLY);
}

/**
 * The first call of a handler that changes one content item: the item (title, status, author), or the
 * 404 or authorize's 403 thrown. `extra` rides along on the 404 (the intent, say) so the form shows it.
 */
export async function requireEditableItem(user: Member, id: string | undefined, extra: object = {}) {
  const item = id ? await getEditAccess(id) : null;
  if (!item) throw fail("not-found", NO_ITEM, {}, extra);
  authorize(user, "content.editAny", { item });
  return item;
}

/** The same for a handler that changes one channel post: who may edit its item may change the post. */
export async function requireEditablePost(user: Member, postId: string | undefined, extra: object = {}) {
  const post = postId ? await getChannelPost(postId) : null;
  if (!post) throw fail("not-found", NO_POST, {}, extra);
  authorize(user, "content.editAny", { item: post.content });
  return post;
}

function forbidden(user: Member, permission: Permission): string | null {
  return can(user.role, permission) ? null : forbiddenMessage(user.role, permission);
}

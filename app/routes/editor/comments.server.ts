import type { ActionInput } from "~/action.server";
import { requirePermission } from "~/authorize.server";
import { CommentSchema, ResolveSchema } from "~/domain/editor-forms";
import { addComment, setCommentResolved } from "~/models/content-write.server";
import { notify } from "~/models/notification.server";
import { fail, invalid, ok } from "~/reply.server";

export async function comment({ user, fields }: ActionInput) {
  requirePermission(user, "content.comment");
  const parsed = CommentSchema.safeParse(fields);
  if (!parsed.success) return invalid(parsed.error, undefined, { intent: "comment" });
  const created = await addComment(parsed.data.id, user.id, parsed.data.comment);
  if (!created) return fail("not-found", "That content item no longer exists.", {}, { intent: "comment" });
  await notify("comment", { actorId: user.id, contentId: parsed.data.id, message: `${user.name} commented on “${created.title}”` });
  return ok({ intent: "comment" });
}

export async function resolve({ user, fields }: ActionInput) {
  requirePermission(user, "content.comment");
  const parsed = ResolveSchema.safeParse(fields);
  if (!parsed.success) return fail("invalid", "Choose a comment to resolve.", {}, { intent: "resolve" });
  const found = await setCommentResolved(parsed.data.id, parsed.data.commentId, parsed.data.resolved === "true");
  return found ? ok({ intent: "resolve" }) : fail("not-found", "That comment no longer exists.", {}, { intent: "resolve" });
}

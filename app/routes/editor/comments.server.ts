import { createOnce, type ActionInput } from "~/web/action.server";
import { authorize } from "~/web/authorize.server";
import { CommentSchema, ResolveSchema } from "~/domain/editor-forms";
import { fail, invalid, ok, refused } from "~/web/reply.server";
import { postComment, resolveThread } from "~/services/comments.server";

const posted = (commentId: string) => ok({ intent: "comment", commentId });

/** A new thread (maybe on a passage) or a reply; mentions notify the members named. Sent again with its key, the same comment. */
export const comment = createOnce(async ({ user, fields }: ActionInput) => {
  authorize(user, "content.comment");
  const parsed = CommentSchema.safeParse(fields);
  if (!parsed.success) return invalid(parsed.error, undefined, { intent: "comment" });
  const { id, comment: body, parentId, quote, anchor } = parsed.data;
  const result = await postComment(user, { contentId: id, body, parentId, quote, anchor });
  if (!result.ok) return refused(result, {}, { intent: "comment" });
  return posted(result.id);
}, posted);

export async function resolve({ user, fields }: ActionInput) {
  authorize(user, "content.comment");
  const parsed = ResolveSchema.safeParse(fields);
  if (!parsed.success) {
    const aboutNote = parsed.error.issues[0]?.path[0] === "note";
    return invalid(parsed.error, aboutNote ? undefined : "Choose a comment to resolve.", { intent: "resolve" });
  }
  const { id, commentId, resolved, note } = parsed.data;
  const found = await resolveThread(id, commentId, { resolved: resolved === "true", by: user.id, note });
  return found ? ok({ intent: "resolve" }) : fail("not-found", "That comment no longer exists.", {}, { intent: "resolve" });
}

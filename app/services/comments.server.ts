// A comment or reply, and who hears of it: the item's author and the thread's members ("comment"),
// and every member it @mentions ("mention"), each by their own notification settings. Everyone with
// the item open sees threads change at once, over the live connection (issue 33).
import { commentThreads, passageIn, type CommentView } from "~/domain/comment-threads";
import { mentionedMembers } from "~/domain/mentions";
import type { Refusal } from "~/domain/reply";
import { shownTextOf } from "~/domain/rich-text";
import { addComment, setCommentResolved } from "~/models/content-write.server";
import { notify } from "~/models/notification.server";
import { listMentionable } from "~/models/user.server";
import { nudgeEditors } from "./collaboration.server";

export interface CommentInput {
  contentId: string;
  body: string;
  parentId?: string;
  quote?: string;
  anchor?: string;
}

export async function postComment(user: { id: string; name: string }, input: CommentInput): Promise<{ ok: true; id: string } | Refusal> {
  const created = await addComment(input.contentId, user.id, input.body, input);
  if (!created)
    return {
      ok: false,
      kind: "not-found",
      error: input.parentId ? "That comment no longer exists." : "That content item no longer exists.",
    };
  nudgeEditors(input.contentId, "comments");
  const mentioned = mentionedMembers(input.body, await listMentionable());
  const what = input.parentId ? "replied on" : "commented on";
  await notify("comment", {
    actorId: user.id,
    contentId: input.contentId,
    message: `${user.name} ${what} “${created.title}”`,
    also: created.participants,
    except: mentioned,
  });
  if (mentioned.length)
    await notify("mention", {
      actorId: user.id,
      contentId: input.contentId,
      message: `${user.name} mentioned you on “${created.title}”`,
      also: mentioned,
    });
  return { ok: true, id: created.id };
}

/** Resolves a thread (with an optional note) or reopens it; false when the comment is not the item's. */
export async function resolveThread(contentId: string, commentId: string, change: { resolved: boolean; by: string; note?: string }) {
  const found = await setCommentResolved(contentId, commentId, change);
  if (found) nudgeEditors(contentId, "comments");
  return found;
}

/**
 * An item's threads in the order of their passages in `body`: a passage chosen in the rich editor is
 * found in the text as it shows it (marks crossed: "three weeks instead" though "three weeks" is bold),
 * one chosen in the plain Markdown box in the Markdown.
 */
export function threadsOf(comments: CommentView[], body: string) {
  return commentThreads(comments, passageIn(shownTextOf(body), body));
}

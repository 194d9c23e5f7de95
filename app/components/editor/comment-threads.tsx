import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useRenderTime } from "~/components/ui/use-render-time";
import type { CommentThread, CommentView } from "~/domain/comment-threads";
import type { Mentionable } from "~/domain/mentions";
import { timeAgo } from "~/domain/relative-time";
import type { action } from "~/routes/editor/route";
import { MentionInput } from "./mention-input";
import { IdempotencyKeyField } from "~/components/ui/idempotency-key";

export interface Passage {
  quote: string;
  anchor: string;
}

interface Props {
  itemId: string;
  threads: CommentThread[];
  members: Mentionable[];
  canComment: boolean;
  /** The passage selected in the text, which a new comment will be about. */
  passage: Passage | null;
  onClearPassage: () => void;
  /** Shows a thread's passage in the text. */
  onShowPassage?: (passage: Passage) => void;
}

const field = "w-full rounded-lg border border-slate-200 px-3 py-2 text-sm";
const link = "inline-flex min-h-6 items-center text-xs font-medium text-indigo-700 hover:underline";

function useCommentForm() {
  const fetcher = useFetcher<typeof action>();
  const reply = fetcher.data && "intent" in fetcher.data ? fetcher.data : null;
  return { fetcher, error: reply && !reply.ok ? reply.formError : null, ok: !!reply?.ok };
}

/** A comment form: a new thread or a reply, with @mentions. */
function CommentForm(props: {
  itemId: string;
  members: Mentionable[];
  parentId?: string;
  passage?: Passage | null;
  onPosted?: () => void;
}) {
  const { fetcher, error, ok } = useCommentForm();
  const [text, setText] = useState("");
  const handled = useRef<unknown>(null);
  const { onPosted } = props;
  useEffect(() => {
    // Clear the field once, when this form's post comes back accepted.
    if (fetcher.state !== "idle" || !ok || handled.current === fetcher.data) return;
    handled.current = fetcher.data;
    setText("");
    onPosted?.();
  }, [fetcher.state, fetcher.data, ok, onPosted]);
  const id = props.parentId ? `reply-${props.parentId}` : "new-comment";
  const label = props.parentId ? "Reply" : props.passage ? "Comment on the selected passage" : "Add a comment";
  return (
    <fetcher.Form method="post" className={props.parentId ? "mt-2" : "mt-4"}>
      <input type="hidden" name="intent" value="comment" />
      <IdempotencyKeyField renewOn={ok ? fetcher.data : null} />
      <input type="hidden" name="id" value={props.itemId} />
      {props.parentId ? <input type="hidden" name="parentId" value={props.parentId} /> : null}
      {props.passage ? (
        <>
          <input type="hidden" name="quote" value={props.passage.quote} />
          <input type="hidden" name="anchor" value={props.passage.anchor} />
        </>
      ) : null}
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <MentionInput
        id={id}
        name="comment"
        members={props.members}
        value={text}
        onValueChange={setText}
        placeholder={props.parentId ? "Reply… (@ to mention)" : "Add a comment… (@ to mention)"}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={field}
      />
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-xs text-rose-600">
          {error}
        </p>
      ) : null}
    </fetcher.Form>
  );
}

function Comment({ c, now }: { c: CommentView; now: Date }) {
  return (
    <>
      <p className="flex items-center gap-2">
        <span className="font-semibold">{c.author}</span>
        <span className="text-xs text-slate-500">{timeAgo(c.createdAt, now)}</span>
      </p>
      <p className="mt-0.5 whitespace-pre-wrap break-words text-slate-700">{c.body}</p>
    </>
  );
}

/** Resolve (with an optional note) or reopen; on the thread's keyed fetcher, so the thread shows the change at once. */
function ResolveForm({ itemId, thread, resolved }: { itemId: string; thread: CommentThread; resolved: boolean }) {
  const fetcher = useFetcher<typeof action>({ key: `resolve-${thread.id}` });
  return (
    <fetcher.Form method="post" className="mt-2 flex flex-wrap items-center gap-2">
      <input type="hidden" name="intent" value="resolve" />
      <input type="hidden" name="id" value={itemId} />
      <input type="hidden" name="commentId" value={thread.id} />
      <input type="hidden" name="resolved" value={String(!resolved)} />
      {resolved ? null : (
        <>
          <label htmlFor={`note-${thread.id}`} className="sr-only">
            Resolution note (optional)
          </label>
          <input id={`note-${thread.id}`} name="note" placeholder="Note (optional)" maxLength={500} className={`${field} flex-1 py-1`} />
        </>
      )}
      <button type="submit" className={link}>
        {resolved ? "Reopen" : "Resolve"}
      </button>
    </fetcher.Form>
  );
}

function Thread({
  itemId,
  thread,
  members,
  canComment,
  onShowPassage,
}: Omit<Props, "threads" | "passage" | "onClearPassage"> & { thread: CommentThread }) {
  const now = useRenderTime();
  const resolveFetcher = useFetcher({ key: `resolve-${thread.id}` });
  const resolved = resolveFetcher.formData ? resolveFetcher.formData.get("resolved") === "true" : thread.resolved;
  const content = (
    <>
      {thread.quote ? (
        <button
          type="button"
          className="mb-1 block w-full truncate border-l-4 border-amber-300 bg-amber-50 px-2 py-1 text-left text-xs italic text-slate-700"
          title={onShowPassage ? "Show this passage in the text" : undefined}
          // A pointer leaves the focus in the text (as "Comment on selection" does): the text is not
          // blurred, saved and re-placed under the click; the keyboard still reaches the button.
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => onShowPassage?.({ quote: thread.quote!, anchor: thread.anchor ?? "" })}
          disabled={!onShowPassage || thread.at < 0}
        >
          {thread.at < 0 ? "Passage no longer in the text: " : ""}“{thread.quote}”
        </button>
      ) : null}
      <Comment c={thread} now={now} />
      {thread.replies.length ? (
        <ul className="mt-2 space-y-2 border-l-2 border-slate-100 pl-3" aria-label="Replies">
          {thread.replies.map((r) => (
            <li key={r.id} data-testid="reply">
              <Comment c={r} now={now} />
            </li>
          ))}
        </ul>
      ) : null}
      {canComment && !resolved ? <CommentForm itemId={itemId} members={members} parentId={thread.id} /> : null}
    </>
  );
  return (
    <li className="text-sm" data-testid="comment" data-resolved={resolved}>
      {resolved ? (
        <>
          <p className="flex flex-wrap items-center gap-2 text-slate-600">
            <span className="rounded-full bg-emerald-50 px-2 text-xs font-medium text-emerald-700">Resolved</span>
            <span className="text-xs">
              {thread.resolvedBy ? `by ${thread.resolvedBy}` : ""}
              {thread.resolveNote ? `: ${thread.resolveNote}` : ""}
            </span>
          </p>
          <details className="mt-1 opacity-70">
            <summary className="cursor-pointer text-xs text-slate-600">
              {thread.author}: {thread.body.slice(0, 60)}
              {thread.replies.length ? ` · ${thread.replies.length} ${thread.replies.length === 1 ? "reply" : "replies"}` : ""}
            </summary>
            <div className="mt-1">{content}</div>
          </details>
        </>
      ) : (
        content
      )}
      {canComment ? <ResolveForm itemId={itemId} thread={thread} resolved={resolved} /> : null}
    </li>
  );
}

/** Comment threads in document order, with replies, resolve (with a note) and reopen, and the new-comment form. */
export function CommentThreads({ itemId, threads, members, canComment, passage, onClearPassage, onShowPassage }: Props) {
  return (
    <>
      <ul className="mt-3 space-y-4" data-testid="comments">
        {threads.map((t) => (
          <Thread key={t.id} itemId={itemId} thread={t} members={members} canComment={canComment} onShowPassage={onShowPassage} />
        ))}
        {threads.length === 0 ? (
          <li className="text-sm text-slate-500">
            No comments yet. Select a passage in the text to comment on it, or comment on the whole item below.
          </li>
        ) : null}
      </ul>
      {canComment ? (
        <>
          {passage ? (
            <p className="mt-4 flex items-start gap-2 text-xs text-slate-600">
              <span className="flex-1 truncate border-l-4 border-amber-300 bg-amber-50 px-2 py-1 italic">On “{passage.quote}”</span>
              <button type="button" className={link} onClick={onClearPassage}>
                Comment on the whole item
              </button>
            </p>
          ) : null}
          <CommentForm itemId={itemId} members={members} passage={passage} onPosted={onClearPassage} />
        </>
      ) : null}
    </>
  );
}

import { useFetcher } from "@remix-run/react";
import type { action } from "~/routes/editor/route";
import type { ReactNode } from "react";
import { useResetOnSuccess } from "~/components/ui/reset-on-success";
import { Avatar } from "~/components/ui/avatar";

export interface SidePanelProps {
  itemId: string;
  collaborators: { id: string; name: string; editing: boolean; isMe: boolean }[];
  comments: { id: string; body: string; author: string; time: string; resolved: boolean }[];
  /** The assistant's panels (brand voice, suggestions), between collaborators and comments. */
  assistant: ReactNode;
  canComment: boolean;
}

const box = "rounded-xl border border-slate-200 bg-white p-5 shadow-sm";

type CommentView = SidePanelProps["comments"][number];

/** One comment; resolving greys it out and can be undone. */
function CommentRow({ itemId, comment: c, canResolve }: { itemId: string; comment: CommentView; canResolve: boolean }) {
  const fetcher = useFetcher<typeof action>();
  const resolved = fetcher.formData ? fetcher.formData.get("resolved") === "true" : c.resolved;
  return (
    <li className={`text-sm ${resolved ? "opacity-60" : ""}`} data-testid="comment" data-resolved={resolved}>
      <p className="flex items-center gap-2">
        <span className="font-semibold">{c.author}</span> <span className="text-xs text-slate-500">{c.time}</span>
        {resolved ? <span className="rounded-full bg-emerald-50 px-2 text-xs font-medium text-emerald-700">Resolved</span> : null}
      </p>
      <p className="mt-0.5 text-slate-700">{c.body}</p>
      {canResolve ? (
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="resolve" />
          <input type="hidden" name="id" value={itemId} />
          <input type="hidden" name="commentId" value={c.id} />
          <input type="hidden" name="resolved" value={String(!resolved)} />
          <button type="submit" className="mt-1 text-xs font-medium text-indigo-700 hover:underline">
            {resolved ? "Reopen" : "Resolve"}
          </button>
        </fetcher.Form>
      ) : null}
    </li>
  );
}

export function SidePanel({ itemId, collaborators, comments, assistant, canComment }: SidePanelProps) {
  const fetcher = useFetcher<typeof action>();
  const reply = fetcher.data && "intent" in fetcher.data && fetcher.data.intent === "comment" ? fetcher.data : null;
  const error = reply && !reply.ok ? reply.formError : null;
  const form = useResetOnSuccess(fetcher, !!reply?.ok);

  return (
    <aside className="space-y-5">
      <section aria-labelledby="collab-title" className={box}>
        <h2 id="collab-title" className="font-semibold">
          Collaborators
        </h2>
        <ul className="mt-3 space-y-2">
          {collaborators.map((c) => (
            <li key={c.id} className="flex items-center gap-3 text-sm" data-testid="collaborator">
              <span className="relative">
                <Avatar name={c.name} size="sm" />
                <span
                  aria-hidden
                  className={`absolute -bottom-0.5 -right-0.5 h-2.5 w-2.5 rounded-full ring-2 ring-white ${c.editing ? "bg-emerald-500" : "bg-slate-300"}`}
                />
              </span>
              <span className="flex-1">
                {c.name}
                {c.isMe ? <span className="text-slate-500"> (you)</span> : null}
              </span>
              {c.editing ? <span className="text-xs font-medium text-emerald-700">Editing now</span> : null}
            </li>
          ))}
          {collaborators.length === 0 ? <li className="text-sm text-slate-500">Nobody else has worked on this yet.</li> : null}
        </ul>
      </section>
      {assistant}
      <section aria-labelledby="comments-title" className={box}>
        <h2 id="comments-title" className="font-semibold">
          Comments
        </h2>
        <ul className="mt-3 space-y-3" data-testid="comments">
          {comments.map((c) => (
            <CommentRow key={c.id} itemId={itemId} comment={c} canResolve={canComment} />
          ))}
          {comments.length === 0 ? <li className="text-sm text-slate-500">No comments yet.</li> : null}
        </ul>
        {canComment ? (
          <fetcher.Form method="post" ref={form} className="mt-4">
            <input type="hidden" name="intent" value="comment" />
            <input type="hidden" name="id" value={itemId} />
            <label htmlFor="new-comment" className="sr-only">
              Add a comment
            </label>
            <input
              id="new-comment"
              name="comment"
              placeholder="Add a comment…"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "comment-error" : undefined}
              className="w-full rounded-lg border border-slate-200 px-3 py-2 text-sm"
            />
            {error ? (
              <p id="comment-error" className="mt-1 text-xs text-rose-600">
                {error}
              </p>
            ) : null}
          </fetcher.Form>
        ) : null}
      </section>
    </aside>
  );
}

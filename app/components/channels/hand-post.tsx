// A post no network or webhook took: everything a member needs to post it by hand, then
// "Mark as posted" with its address. The form posts without JavaScript; Copy needs scripts.
import { useFetcher } from "@remix-run/react";
import { useState } from "react";
import { describedBy, errorId, FieldError, inputClass } from "~/components/ui/field";
import { composePost, type Channel } from "~/domain/channels/network-limits";
import { composerUrl } from "~/domain/channels/hand-posting";

const button =
  "inline-flex items-center justify-center rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-60";

type Fetcher = ReturnType<typeof useFetcher>;

export function HandPost({
  post,
  title,
  to,
  fetcher,
  error,
  canEdit,
}: {
  post: { id: string; channel: Channel; label: string; text: string; link: string | null; imageUrl: string | null };
  title: string;
  to: string;
  fetcher: Fetcher;
  error?: string;
  canEdit: boolean;
}) {
  const [copied, setCopied] = useState(false);
  const composed = composePost(post.text, post.link);
  const composer = composerUrl(post.channel, post.text, post.link);
  const field = `post-${post.id}-url`;
  return (
    <div className="mt-3 rounded-md border border-sky-200 bg-sky-50 p-3 text-sm" data-testid="hand-post">
      <p className="font-medium text-sky-900">
        {post.label} is not connected, so this post waits for someone to post it by hand: “{title}”.
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        <button type="button" className={button} onClick={() => navigator.clipboard?.writeText(composed).then(() => setCopied(true))}>
          {copied ? "Copied" : "Copy the post"}
        </button>
        {composer ? (
          <a className={button} href={composer} target="_blank" rel="noreferrer noopener">
            Write it on {post.label}
          </a>
        ) : null}
        {post.imageUrl ? (
          <a className={button} href={post.imageUrl} download>
            Download the image
          </a>
        ) : null}
      </div>
      {canEdit ? (
        <fetcher.Form method="post" action={to} className="mt-3 flex flex-wrap items-end gap-2">
          <input type="hidden" name="intent" value="posted" />
          <input type="hidden" name="postId" value={post.id} />
          <div className="min-w-[14rem] flex-1">
            <label htmlFor={field} className="font-medium text-slate-700">
              The post's address on {post.label}
            </label>
            <input
              id={field}
              name="url"
              type="url"
              inputMode="url"
              placeholder="https://…"
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy(error && errorId(field))}
              className={inputClass}
            />
            <FieldError field={field} message={error} />
          </div>
          <button type="submit" className={button} disabled={fetcher.state !== "idle"}>
            Mark as posted
          </button>
        </fetcher.Form>
      ) : null}
    </div>
  );
}

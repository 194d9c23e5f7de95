import { useActionData, useFetcher } from "@remix-run/react";
import { useEffect, useState } from "react";
import { FieldError, TextField, describedBy, errorId, inputClass } from "~/components/ui/field";
import { EXCERPT_MAX, TITLE_MAX, slugFollowsTitle, slugify } from "~/domain/content-details";
import type { action } from "~/routes/editor/route";
import { primaryClass } from "./editor-buttons";

interface Props {
  item: { id: string; title: string; slug: string | null; excerpt: string; status: string };
  canEdit: boolean;
}

/**
 * Title, slug and excerpt. The slug follows the title as you type until you edit it (and never moves
 * by itself once the item is published). Without JavaScript it is a plain form post.
 */
/** A refusal said once: beside its field when it has one (this line then only says so), else here. */
const refusalSummary = (reply: { fieldErrors: Record<string, string>; formError: string | null }) =>
  Object.keys(reply.fieldErrors).length > 0 ? "Not saved: see the message beside the field." : reply.formError;

export function DetailsForm({ item, canEdit }: Props) {
  const fetcher = useFetcher<typeof action>();
  const page = useActionData<typeof action>();
  const reply = fetcher.data ?? (page && "intent" in page && page.intent === "details" ? page : undefined);
  const published = item.status === "published";
  const [title, setTitle] = useState(item.title);
  const [slug, setSlug] = useState(item.slug ?? slugify(item.title));
  const [excerpt, setExcerpt] = useState(item.excerpt);
  const [follows, setFollows] = useState(!published && slugFollowsTitle(item.slug, item.title));
  const errors = reply && !reply.ok ? reply.fieldErrors : {};
  const untitled = /^untitled\b/i.test(item.title);
  const saved = fetcher.data?.ok && fetcher.data.intent === "details" ? fetcher.data : null;
  useEffect(() => {
    // The server may have made the slug unique ("-2"): show what was stored.
    if (saved && "slug" in saved) setSlug(saved.slug);
  }, [saved]);

  return (
    <details className="mb-4 rounded-xl border border-slate-200 bg-white shadow-sm" open={untitled || !!reply || undefined}>
      <summary className="cursor-pointer px-4 py-3 text-sm font-medium text-slate-700">
        Title, slug and excerpt <span className="font-normal text-slate-500">· /{item.slug ?? slugify(item.title)}</span>
      </summary>
      <fetcher.Form method="post" className="grid gap-4 border-t border-slate-100 p-4" aria-label="Title, slug and excerpt">
        <input type="hidden" name="intent" value="details" />
        <input type="hidden" name="id" value={item.id} />
        <fieldset disabled={!canEdit} className="contents">
          <TextField
            name="title"
            label="Title"
            value={title}
            maxLength={TITLE_MAX}
            required
            error={errors.title}
            onChange={(e) => {
              setTitle(e.target.value);
              if (follows) setSlug(slugify(e.target.value));
            }}
          />
          <TextField
            name="slug"
            label="Slug"
            value={slug}
            error={errors.slug}
            hint={
              published
                ? "The item's address on your site. It is published: changing the slug changes its URL."
                : "The item's address on your site. It follows the title until you edit it; leave it empty to make it from the title."
            }
            onChange={(e) => {
              setSlug(e.target.value);
              setFollows(false);
            }}
          />
          <div>
            <label htmlFor="excerpt" className="text-sm font-medium text-slate-700">
              Excerpt
            </label>
            <textarea
              id="excerpt"
              name="excerpt"
              rows={3}
              value={excerpt}
              onChange={(e) => setExcerpt(e.target.value)}
              aria-invalid={errors.excerpt ? true : undefined}
              aria-describedby={describedBy("excerpt-count", errors.excerpt && errorId("excerpt"))}
              className={inputClass}
            />
            <p id="excerpt-count" className={`mt-1 text-xs ${excerpt.length > EXCERPT_MAX ? "text-rose-600" : "text-slate-500"}`}>
              {excerpt.length} / {EXCERPT_MAX} characters · the summary the library, search and feeds show
            </p>
            <FieldError field="excerpt" message={errors.excerpt} />
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <button type="submit" className={primaryClass} disabled={fetcher.state !== "idle"}>
              Save details
            </button>
            <p role="status" className="text-sm text-slate-600">
              {fetcher.state !== "idle" ? "Saving…" : reply?.ok ? "Details saved." : reply && !reply.ok ? refusalSummary(reply) : ""}
            </p>
          </div>
        </fieldset>
      </fetcher.Form>
    </details>
  );
}

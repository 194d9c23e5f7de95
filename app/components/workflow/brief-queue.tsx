import { useFetcher } from "@remix-run/react";
import type { action } from "~/routes/workflow/route";
import { useEffect, useRef } from "react";
import { Card } from "~/components/ui/card";
import { FieldError, describedBy, errorId, inputClass } from "~/components/ui/field";
import { CONTENT_TYPES, typeLabel } from "~/domain/content";
import { BRIEF_MAX, BRIEF_TITLE_MAX } from "~/domain/workflow-forms";
import { IdempotencyKeyField } from "~/components/ui/idempotency-key";

interface Queued {
  id: string;
  title: string;
  type: string | null;
  queuedAgo: string;
}

const formText = (form: HTMLFormElement) => JSON.stringify([...new FormData(form).entries()].filter(([name]) => name !== "idempotencyKey"));

/** What the Content Input agent takes next, and a form to add a brief. */
export function BriefQueue({ queue, drafts, allowed }: { queue: Queued[]; drafts: { id: string; title: string }[]; allowed: boolean }) {
  const fetcher = useFetcher<typeof action>();
  const form = useRef<HTMLFormElement>(null);
  const errors: Record<string, string | undefined> = fetcher.data && !fetcher.data.ok ? fetcher.data.fieldErrors : {};
  // What was sent: the form empties on success only if it still holds exactly that, so a next brief
  // typed while the reply was on its way is kept.
  const sent = useRef<string | null>(null);
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data?.ok || !form.current) return;
    if (sent.current === formText(form.current)) form.current.reset();
    sent.current = null;
  }, [fetcher.state, fetcher.data]);
  return (
    <Card title="Queue">
      {queue.length === 0 ? (
        <p className="text-sm text-slate-500">Nothing queued.</p>
      ) : (
        <ol className="mb-4 space-y-2" aria-label="Queued briefs">
          {queue.map((q) => (
            <li key={q.id} data-testid="queued-brief" className="rounded-lg border border-slate-200 px-3 py-2 text-sm">
              <p className="font-medium">{q.title}</p>
              <p className="text-xs text-slate-500">
                {q.type ? `${typeLabel(q.type)} brief` : "Content item"} · queued {q.queuedAgo}
              </p>
            </li>
          ))}
        </ol>
      )}
      {allowed ? (
        <fetcher.Form
          ref={form}
          method="post"
          action="/workflow"
          className="space-y-3 border-t border-slate-100 pt-4"
          aria-label="Add a brief"
          onSubmit={(e) => {
            sent.current = formText(e.currentTarget);
          }}
        >
          <input type="hidden" name="intent" value="queueBrief" />
          <IdempotencyKeyField renewOn={fetcher.data?.ok ? fetcher.data : null} />
          <div>
            <label htmlFor="brief-title" className="text-sm font-medium text-slate-700">
              Brief title
            </label>
            <input
              id="brief-title"
              name="title"
              maxLength={BRIEF_TITLE_MAX}
              aria-invalid={errors.title ? true : undefined}
              aria-describedby={describedBy(errors.title && errorId("brief-title"))}
              className={inputClass}
            />
            <FieldError field="brief-title" message={errors.title} />
          </div>
          <div>
            <label htmlFor="brief-type" className="text-sm font-medium text-slate-700">
              Type
            </label>
            <select id="brief-type" name="type" defaultValue="blog" className={inputClass}>
              {CONTENT_TYPES.map((t) => (
                <option key={t} value={t}>
                  {typeLabel(t)}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="brief-text" className="text-sm font-medium text-slate-700">
              Brief
            </label>
            <textarea
              id="brief-text"
              name="brief"
              rows={3}
              maxLength={BRIEF_MAX}
              aria-invalid={errors.brief ? true : undefined}
              aria-describedby={describedBy(errors.brief && errorId("brief-text"))}
              className={inputClass}
            />
            <FieldError field="brief-text" message={errors.brief} />
          </div>
          <button
            type="submit"
            disabled={fetcher.state !== "idle"}
            className="rounded-lg bg-indigo-600 px-3 py-2 text-sm font-medium text-white hover:bg-indigo-700 disabled:opacity-60"
          >
            Queue brief
          </button>
        </fetcher.Form>
      ) : null}
      {allowed && drafts.length ? <QueueDraft drafts={drafts} /> : null}
    </Card>
  );
}

/** Hands an existing draft to the pipeline: the Content Input agent picks it up as it is. */
function QueueDraft({ drafts }: { drafts: { id: string; title: string }[] }) {
  const fetcher = useFetcher<typeof action>();
  const error = fetcher.data && !fetcher.data.ok ? fetcher.data.fieldErrors.contentId : undefined;
  return (
    <fetcher.Form method="post" action="/workflow" className="mt-4 space-y-3 border-t border-slate-100 pt-4" aria-label="Queue a draft">
      <input type="hidden" name="intent" value="queueContent" />
      <IdempotencyKeyField renewOn={fetcher.data?.ok ? fetcher.data : null} />
      <div>
        <label htmlFor="queue-draft" className="text-sm font-medium text-slate-700">
          Or queue a draft
        </label>
        <select
          id="queue-draft"
          name="contentId"
          defaultValue=""
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(error && errorId("queue-draft"))}
          className={inputClass}
        >
          <option value="">Choose a draft…</option>
          {drafts.map((d) => (
            <option key={d.id} value={d.id}>
              {d.title}
            </option>
          ))}
        </select>
        <FieldError field="queue-draft" message={error} />
      </div>
      <button
        type="submit"
        disabled={fetcher.state !== "idle"}
        className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-60"
      >
        Queue draft
      </button>
    </fetcher.Form>
  );
}

import type { action } from "~/routes/content.new";
import { Link, useFetcher } from "@remix-run/react";
import { ScriptButton } from "~/components/ui/script-button";
import { Plus } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Dialog } from "~/components/ui/dialog";
import { FieldError, TextField, describedBy, errorId, inputClass } from "~/components/ui/field";
import { CONTENT_TYPES, TYPE_LABELS } from "~/domain/content";
import { TAGS_MAX, TITLE_MAX } from "~/domain/content-forms";
import { IdempotencyKeyField } from "~/components/ui/idempotency-key";

const BUTTON =
  "inline-flex items-center gap-2 rounded-lg bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-700 disabled:cursor-not-allowed disabled:opacity-60";

/** Opens the New Content dialog; disabled, with the reason, for roles that cannot create. */
export function NewContentButton({ allowed }: { allowed: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      {allowed ? (
        // Without scripts it opens the New content page, which holds the same form.
        <ScriptButton href="/content/new" onActivate={() => setOpen(true)} className={BUTTON}>
          <Plus size={16} aria-hidden /> New Content
        </ScriptButton>
      ) : (
        <button type="button" disabled title="Your role can read content but not create it" className={BUTTON}>
          <Plus size={16} aria-hidden /> New Content
        </button>
      )}
      {allowed ? (
        <Dialog
          open={open}
          onClose={() => setOpen(false)}
          title="New content"
          description="It starts as your draft and opens in the editor."
        >
          <NewContentForm onCancel={() => setOpen(false)} />
        </Dialog>
      ) : null}
    </>
  );
}

const CANCEL = "rounded-lg border border-slate-200 px-4 py-2 text-sm font-medium hover:bg-slate-50";

type Reply = ReturnType<typeof useFetcher<typeof action>>["data"];

/**
 * Posts to /content/new, which redirects to the editor; a 400 comes back with an error per field. In the
 * dialog `onCancel` closes it; on the New content page (scripts off) `posted` is the plain post's reply.
 */
export function NewContentForm({ onCancel, posted }: { onCancel?: () => void; posted?: Reply }) {
  const fetcher = useFetcher<typeof action>();
  const form = useRef<HTMLFormElement>(null);
  const busy = fetcher.state !== "idle";
  const reply = fetcher.data ?? posted;
  const errors: Record<string, string | undefined> = reply && !reply.ok ? reply.fieldErrors : {};

  useEffect(() => {
    if (fetcher.state === "idle" && reply) form.current?.querySelector<HTMLElement>("[aria-invalid=true]")?.focus();
  }, [fetcher.state, reply]);

  return (
    <fetcher.Form ref={form} method="post" action="/content/new" noValidate className="space-y-4">
      <IdempotencyKeyField />
      <TextField
        name="title"
        id="new-content-title"
        label="Title"
        required
        maxLength={TITLE_MAX}
        autoComplete="off"
        error={errors.title}
        data-autofocus
      />
      <div>
        <label htmlFor="new-content-type" className="text-sm font-medium text-slate-700">
          Type
        </label>
        <select
          id="new-content-type"
          name="type"
          required
          defaultValue=""
          aria-invalid={errors.type ? true : undefined}
          aria-describedby={describedBy(errors.type && errorId("new-content-type"))}
          className={inputClass}
        >
          <option value="" disabled>
            Choose a type
          </option>
          {CONTENT_TYPES.map((t) => (
            <option key={t} value={t}>
              {TYPE_LABELS[t]}
            </option>
          ))}
        </select>
        <FieldError field="new-content-type" message={errors.type} />
      </div>
      <TextField
        name="tags"
        id="new-content-tags"
        label="Tags"
        hint={`Separate with commas, up to ${TAGS_MAX}: SEO, Strategy`}
        autoComplete="off"
        error={errors.tags}
      />
      {reply && !reply.ok && Object.keys(errors).length === 0 ? (
        <p role="alert" className="text-sm font-medium text-rose-600">
          {reply.formError}
        </p>
      ) : null}
      <div className="flex justify-end gap-3 pt-2">
        {onCancel ? (
          <button type="button" onClick={onCancel} className={CANCEL}>
            Cancel
          </button>
        ) : (
          <Link to="/library" className={CANCEL}>
            Cancel
          </Link>
        )}
        <button
          type="submit"
          disabled={busy}
          className="rounded-lg bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-700 disabled:opacity-60"
        >
          {busy ? "Creating…" : "Create draft"}
        </button>
      </div>
    </fetcher.Form>
  );
}

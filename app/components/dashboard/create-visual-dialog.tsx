import { Link, useFetcher } from "@remix-run/react";
import { useState } from "react";
import { ModalDialog, type ModalDialogControl } from "~/components/ui/modal-dialog";
import type { ContentMatch } from "~/domain/content-search";
import type { action } from "~/routes/visuals";
import { ContentPicker, DialogHeader } from "./content-picker";
import { IdempotencyKeyField } from "~/components/ui/idempotency-key";

/** Pick an item; the server draws its social card in the brand tone, keeps it, and it becomes the thumbnail. */
export function CreateVisualDialog({ control, recent }: { control: ModalDialogControl; recent: ContentMatch[] }) {
  return (
    <ModalDialog control={control} labelledBy="visual-title" className="max-w-2xl">
      <DialogHeader id="visual-title" title="Create visual" onClose={() => control.close()} />
      {/* Each closing resets it for the next opening. */}
      <VisualForm key={control.closings} recent={recent} />
    </ModalDialog>
  );
}

function VisualForm({ recent }: { recent: ContentMatch[] }) {
  const [picked, setPicked] = useState<ContentMatch | null>(null);
  const fetcher = useFetcher<typeof action>();
  const visual = fetcher.data?.ok ? fetcher.data.visual : null;
  const failure = fetcher.data && !fetcher.data.ok ? fetcher.data : null;
  return (
    <div className="space-y-5 p-5">
      <ContentPicker id="visual-item" recent={recent} picked={picked} onPick={setPicked} error={failure?.fieldErrors.contentId} />
      <fetcher.Form method="post" action="/visuals">
        <IdempotencyKeyField renewOn={visual ? fetcher.data : null} />
        <input type="hidden" name="contentId" value={picked?.id ?? ""} />
        <button
          type="submit"
          disabled={!picked || fetcher.state !== "idle"}
          aria-busy={fetcher.state !== "idle"}
          className="rounded-lg bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-700 disabled:cursor-not-allowed disabled:opacity-60"
        >
          {fetcher.state !== "idle" ? "Creating…" : "Create visual"}
        </button>
        {!picked ? <span className="ml-3 text-sm text-slate-500">Pick an item first.</span> : null}
        {failure && !failure.fieldErrors.contentId ? (
          <p role="alert" className="mt-2 text-sm text-rose-600">
            {failure.formError}
          </p>
        ) : null}
      </fetcher.Form>
      {visual ? (
        <section aria-label="Visual preview" className="space-y-3 border-t border-slate-200 pt-4">
          <img
            src={visual.url}
            alt={`Social card for “${visual.title}”`}
            width={1200}
            height={630}
            className="h-auto w-full rounded-lg border border-slate-200"
          />
          <p className="text-sm text-slate-600">
            Drawn in the {visual.tone} brand tone. It is now this item's thumbnail in the{" "}
            <Link to="/library" className="font-medium text-indigo-600 underline">
              library
            </Link>
            .
          </p>
          <div className="flex flex-wrap gap-2">
            <a href={`${visual.url}/png?download=1`} download className={downloadLink}>
              PNG 1200×630 (links)
            </a>
            <a href={`${visual.url}/png?size=square&download=1`} download className={downloadLink}>
              PNG 1080×1080 (Instagram)
            </a>
            <a href={`${visual.url}?download=1`} download className={downloadLink}>
              Download SVG
            </a>
          </div>
        </section>
      ) : null}
    </div>
  );
}

const downloadLink = "inline-block rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50";

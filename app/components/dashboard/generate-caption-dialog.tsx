import { Link, useFetcher } from "@remix-run/react";
import { useEffect, useState } from "react";
import { ModalDialog, type ModalDialogControl } from "~/components/ui/modal-dialog";
import { PLATFORM_LABELS, PLATFORM_LIMITS } from "~/domain/assistant/caption-length";
import { measurePost } from "~/domain/channels/network-limits";
import { PLATFORMS, type Platform } from "~/domain/assistant/types";
import type { ContentMatch } from "~/domain/content-search";
import type { action } from "~/routes/captions";
import { ContentPicker, DialogHeader } from "./content-picker";
import { IdempotencyKeyField } from "~/components/ui/idempotency-key";

const button = "rounded-lg px-4 py-2 text-sm font-medium disabled:cursor-not-allowed disabled:opacity-60";
const primary = `${button} bg-indigo-600 text-white hover:bg-indigo-700`;
const secondary = `${button} border border-slate-300 text-slate-700 hover:bg-slate-50`;

/** Pick an item and a platform; the assistant writes a caption within the limit, to copy or save. */
export function GenerateCaptionDialog({
  control,
  recent,
  createRefusal,
}: {
  control: ModalDialogControl;
  recent: ContentMatch[];
  createRefusal: string | null;
}) {
  return (
    <ModalDialog control={control} labelledBy="caption-title" className="max-w-2xl">
      <DialogHeader id="caption-title" title="Generate caption" onClose={() => control.close()} />
      {/* Each closing resets it for the next opening. */}
      <CaptionForm key={control.closings} recent={recent} createRefusal={createRefusal} />
    </ModalDialog>
  );
}

function CaptionForm({ recent, createRefusal }: { recent: ContentMatch[]; createRefusal: string | null }) {
  const [picked, setPicked] = useState<ContentMatch | null>(null);
  const [platform, setPlatform] = useState<Platform>("twitter");
  const [caption, setCaption] = useState("");
  const [copied, setCopied] = useState<string | null>(null);
  const generator = useFetcher<typeof action>();
  const saver = useFetcher<typeof action>();
  const generated = generator.data?.ok && "intent" in generator.data && generator.data.intent === "generate" ? generator.data : null;
  const genErrors = generator.data && !generator.data.ok ? generator.data : null;
  const saved = saver.data?.ok && "intent" in saver.data && saver.data.intent === "save" ? saver.data.saved : null;
  const saveError = saver.data && !saver.data.ok ? (saver.data.fieldErrors.caption ?? saver.data.formError) : null;
  const generatedFor = generated?.platform as Platform | undefined;

  // A fresh answer replaces what is in the box.
  useEffect(() => {
    if (generated) setCaption(generated.caption);
  }, [generated]);

  // Counted as the server counts the post: with the link it goes out with (X weighs a link as 23).
  const measure = measurePost(generatedFor ?? platform, caption, generated?.link ?? null);
  const { limit, used: length, over } = measure;

  async function copy() {
    try {
      await navigator.clipboard.writeText(caption);
      setCopied("Copied to the clipboard.");
    } catch {
      setCopied("Copying was blocked by the browser: select the text and copy it yourself.");
    }
  }

  return (
    <div className="space-y-5 p-5">
      <ContentPicker id="caption-item" recent={recent} picked={picked} onPick={setPicked} error={genErrors?.fieldErrors.contentId} />
      <fieldset>
        <legend className="text-sm font-medium text-slate-700">Platform</legend>
        <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
          {PLATFORMS.map((p) => (
            <label
              key={p}
              className="flex cursor-pointer flex-col rounded-lg border border-slate-300 px-3 py-2 text-sm has-[:checked]:border-indigo-500 has-[:checked]:bg-indigo-50"
            >
              <span className="flex items-center gap-2 font-medium">
                <input type="radio" name="caption-platform" value={p} checked={platform === p} onChange={() => setPlatform(p)} />
                {PLATFORM_LABELS[p]}
              </span>
              <span className="text-xs text-slate-500">{PLATFORM_LIMITS[p].toLocaleString("en-US")} characters</span>
            </label>
          ))}
        </div>
        {genErrors?.fieldErrors.platform ? <p className="mt-1 text-sm text-rose-600">{genErrors.fieldErrors.platform}</p> : null}
      </fieldset>
      <generator.Form method="post" action="/captions">
        <input type="hidden" name="intent" value="generate" />
        <input type="hidden" name="contentId" value={picked?.id ?? ""} />
        <input type="hidden" name="platform" value={platform} />
        <button
          type="submit"
          className={primary}
          disabled={!!createRefusal || !picked || generator.state !== "idle"}
          aria-busy={generator.state !== "idle"}
          title={createRefusal ?? undefined}
        >
          {generator.state !== "idle" ? "Generating…" : "Generate caption"}
        </button>
        {createRefusal ? (
          <span className="ml-3 text-sm text-slate-500">{createRefusal}</span>
        ) : !picked ? (
          <span className="ml-3 text-sm text-slate-500">Pick an item first.</span>
        ) : null}
        {genErrors && !genErrors.fieldErrors.contentId && !genErrors.fieldErrors.platform ? (
          <p role="alert" className="mt-2 text-sm text-rose-600">
            {genErrors.formError}
          </p>
        ) : null}
      </generator.Form>
      {generated ? (
        <section aria-label="Generated caption" className="space-y-3 border-t border-slate-200 pt-4">
          <p className="text-sm text-slate-600" data-testid="caption-source">
            {generated.source === "local"
              ? "Written by the built-in assistant (templates and the article's opening, no AI model)."
              : `Written by ${generated.model ?? "the configured AI model"}.`}
            {generated.fallbackReason ? ` ${generated.fallbackReason}` : ""}
            {generated.note ? ` ${generated.note}` : ""}
          </p>
          <div>
            <div className="flex items-baseline justify-between">
              <label htmlFor="caption-text" className="text-sm font-medium text-slate-700">
                Caption for {PLATFORM_LABELS[generatedFor!]}
              </label>
              <span id="caption-count" className={`text-xs ${over ? "font-semibold text-rose-600" : "text-slate-500"}`}>
                {length.toLocaleString("en-US")} / {limit.toLocaleString("en-US")}
              </span>
            </div>
            <textarea
              id="caption-text"
              value={caption}
              onChange={(e) => setCaption(e.target.value)}
              rows={7}
              aria-invalid={over || !!saveError || undefined}
              aria-describedby={`caption-count${saveError ? " caption-error" : ""}`}
              className="mt-1 w-full rounded-lg border border-slate-300 p-3 text-sm"
            />
            {generated.link ? (
              <p className="text-xs text-slate-500">
                Counted with the link it goes out with: <span className="break-all">{generated.link}</span>
              </p>
            ) : null}
            {over ? (
              <p className="text-sm text-rose-600">
                {length > limit ? `${(length - limit).toLocaleString("en-US")} characters over the limit.` : measure.problems.join(" ")}
              </p>
            ) : null}
            {saveError ? (
              <p id="caption-error" role="alert" className="text-sm text-rose-600">
                {saveError}
              </p>
            ) : null}
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <button type="button" className={secondary} onClick={copy} disabled={!caption.trim()}>
              Copy
            </button>
            <saver.Form method="post" action="/captions">
              <input type="hidden" name="intent" value="save" />
              <IdempotencyKeyField renewOn={saved ? saver.data : null} />
              <input type="hidden" name="contentId" value={picked?.id ?? ""} />
              <input type="hidden" name="platform" value={generatedFor} />
              <input type="hidden" name="caption" value={caption} />
              <button
                type="submit"
                className={primary}
                disabled={!!createRefusal || over || !caption.trim() || saver.state !== "idle"}
                title={createRefusal ?? undefined}
              >
                {saver.state !== "idle" ? "Saving…" : `Save as the ${PLATFORM_LABELS[generatedFor!]} post`}
              </button>
            </saver.Form>
            <p role="status" className="text-sm text-slate-600 empty:hidden">
              {copied ?? ""}
            </p>
          </div>
          {createRefusal ? <p className="text-sm text-slate-500">{createRefusal}</p> : null}
          {saved ? (
            <p role="status" className="text-sm text-emerald-700" data-testid="caption-saved">
              {saved.created ? "Saved as" : "Replaced the text of"} the {PLATFORM_LABELS[saved.channel]} post of “
              {picked?.title ?? "the item"}” ({saved.status}).{" "}
              <Link to={`/editor?id=${saved.contentId}#post-${saved.postId}`} className="font-medium underline">
                Open it in the Channels panel
              </Link>{" "}
              to schedule it.
            </p>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}

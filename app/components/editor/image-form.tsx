import { useFetcher } from "@remix-run/react";
import { ImagePlus, X } from "lucide-react";
import { useEffect, useRef } from "react";
import { FieldError, describedBy, errorId, inputClass } from "~/components/ui/field";
import { imageMarkdown } from "~/domain/uploads";
import type { action } from "~/routes/uploads";
import { buttonClass, primaryClass } from "./editor-buttons";
import { IdempotencyKeyField } from "~/components/ui/idempotency-key";

type UploadFetcher = ReturnType<typeof useFetcher<typeof action>>;

/** Inserts the image once, when the upload comes back stored. */
function useInsertWhenStored(fetcher: UploadFetcher, onInsert: (markdown: string) => void) {
  const inserted = useRef<unknown>(null);
  const reply = fetcher.data;
  useEffect(() => {
    if (fetcher.state !== "idle" || !reply?.ok || inserted.current === reply) return;
    inserted.current = reply;
    onInsert(imageMarkdown(reply.alt, reply.url));
  }, [fetcher.state, reply, onInsert]);
}

/** Upload an image (its description required), or take the item's visual, and insert it where the cursor is. */
export function ImageForm({ itemId, onInsert, onClose }: { itemId: string; onInsert: (markdown: string) => void; onClose: () => void }) {
  const fetcher = useFetcher<typeof action>();
  const visual = useFetcher<typeof action>();
  useInsertWhenStored(fetcher, onInsert);
  useInsertWhenStored(visual, onInsert);
  const reply = fetcher.data;
  const errors = reply && !reply.ok ? reply.fieldErrors : {};
  const visualError = visual.data && !visual.data.ok ? visual.data.formError : null;

  return (
    <fetcher.Form
      method="post"
      action="/uploads"
      encType="multipart/form-data"
      className="mb-4 grid gap-3 rounded-xl border border-indigo-200 bg-white p-4 shadow-sm"
      aria-label="Insert an image"
    >
      <input type="hidden" name="contentId" value={itemId} />
      <IdempotencyKeyField renewOn={reply?.ok ? reply : null} />
      <div className="flex items-center justify-between">
        <p className="flex items-center gap-2 font-semibold">
          <ImagePlus size={16} className="text-indigo-600" aria-hidden /> Insert an image
        </p>
        <button type="button" onClick={onClose} className="rounded p-1 text-slate-500 hover:bg-slate-100" aria-label="Close the image form">
          <X size={16} aria-hidden />
        </button>
      </div>
      <div>
        <label htmlFor="image-file" className="text-sm font-medium text-slate-700">
          Image (PNG, JPEG, WebP or GIF, up to 5 MB)
        </label>
        <input
          id="image-file"
          name="file"
          type="file"
          required
          accept="image/png,image/jpeg,image/webp,image/gif"
          aria-invalid={errors.file ? true : undefined}
          aria-describedby={describedBy(errors.file && errorId("image-file"))}
          className="mt-2 block w-full text-sm"
        />
        <FieldError field="image-file" message={errors.file} />
      </div>
      <div>
        <label htmlFor="image-alt" className="text-sm font-medium text-slate-700">
          Description for readers who cannot see it
        </label>
        <input
          id="image-alt"
          name="alt"
          required
          maxLength={250}
          aria-invalid={errors.alt ? true : undefined}
          aria-describedby={describedBy(errors.alt && errorId("image-alt"))}
          className={inputClass}
        />
        <FieldError field="image-alt" message={errors.alt} />
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={primaryClass} disabled={fetcher.state !== "idle"}>
          {fetcher.state !== "idle" ? "Uploading…" : "Upload and insert"}
        </button>
        <button
          type="button"
          className={buttonClass}
          disabled={visual.state !== "idle"}
          onClick={() => visual.submit({ source: "visual", contentId: itemId }, { method: "post", action: "/uploads" })}
        >
          Insert the item's visual
        </button>
        <button type="button" className={buttonClass} onClick={onClose}>
          Cancel
        </button>
      </div>
      {visualError ? (
        <p role="alert" className="text-sm text-rose-700">
          {visualError}
        </p>
      ) : null}
    </fetcher.Form>
  );
}

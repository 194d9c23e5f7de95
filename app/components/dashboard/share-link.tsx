import { Check, Copy } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import type { ContentMatch } from "~/domain/content-search";

const COPIED_LABEL_MS = 2000;

/** The picked item's editor link, with a Copy button that says when it worked. Client-only (reads the origin). */
export function ShareLink({ item }: { item: ContentMatch }) {
  const url = `${window.location.origin}/editor?${new URLSearchParams({ id: item.id })}`;
  const field = useRef<HTMLInputElement>(null);
  const [outcome, setOutcome] = useState<"idle" | "copied" | "failed">("idle");
  const [showCopied, setShowCopied] = useState(false);

  useEffect(() => {
    if (!showCopied) return;
    const timer = setTimeout(() => setShowCopied(false), COPIED_LABEL_MS);
    return () => clearTimeout(timer);
  }, [showCopied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setOutcome("copied");
      setShowCopied(true);
    } catch {
      // No clipboard (an insecure origin, or permission refused): select it for Ctrl+C instead.
      field.current?.select();
      setOutcome("failed");
    }
  }

  return (
    <div className="rounded-lg border border-slate-200 bg-slate-50 p-4">
      <label htmlFor="share-link" className="block truncate text-sm font-medium text-slate-700">
        Link to “{item.title}”
      </label>
      <div className="mt-2 flex gap-2">
        <input
          ref={field}
          id="share-link"
          readOnly
          value={url}
          onFocus={(e) => e.currentTarget.select()}
          className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 py-2 font-mono text-xs text-slate-700"
        />
        <button
          type="button"
          onClick={copy}
          className="inline-flex w-28 shrink-0 items-center justify-center gap-2 rounded-lg bg-indigo-600 px-3 py-2 text-sm font-medium text-white hover:bg-indigo-700"
        >
          {showCopied ? <Check size={16} aria-hidden /> : <Copy size={16} aria-hidden />}
          {showCopied ? "Copied" : "Copy link"}
        </button>
      </div>
      <p role="status" className="mt-2 min-h-5 text-sm">
        {outcome === "copied" ? (
          <span className="font-medium text-emerald-700">Copied to the clipboard. Anyone signed in to the studio can open it.</span>
        ) : outcome === "failed" ? (
          <span className="text-amber-800">
            The clipboard is not available here; the link is selected, so press Ctrl+C (⌘C) to copy it.
          </span>
        ) : null}
      </p>
    </div>
  );
}

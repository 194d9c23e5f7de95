import { History, X } from "lucide-react";
import { useRef, useState } from "react";
import { useRenderTime } from "~/components/ui/use-render-time";
import { timeAgo } from "~/domain/relative-time";
import { authorsSince, versionLine } from "~/domain/revision-history";
import { buttonClass, primaryClass } from "./editor-buttons";
import { ScriptButton } from "~/components/ui/script-button";
import { RestoreConfirm } from "./restore-confirm";

/** What GET /preview?revision= answers (app/routes/preview.tsx). */
type PreviewReply = { ok: true; version: number; html: string } | { ok: false; formError: string };

/**
 * Loads a revision's preview with a plain fetch of the resource route: a Remix fetcher would first
 * discover the route, and when that raced the History's own revalidation the editor showed
 * "No route matches URL" instead of the preview.
 */
function useRevisionPreview() {
  const [previewing, setPreviewing] = useState<Revision | null>(null);
  const [shown, setShown] = useState<PreviewReply | null>(null);
  const current = useRef<string | null>(null);
  async function open(revision: Revision) {
    current.current = revision.id;
    setPreviewing(revision);
    setShown(null);
    const reply: PreviewReply = await fetch(`/preview?revision=${encodeURIComponent(revision.id)}`, {
      headers: { Accept: "application/json" },
    })
      .then((r) => r.json() as Promise<PreviewReply>)
      .catch(() => ({ ok: false, formError: "The preview could not be loaded: check the connection and try again." }));
    if (current.current === revision.id) setShown(reply);
  }
  function close() {
    current.current = null;
    setPreviewing(null);
  }
  return { previewing, shown, open, close };
}

export interface Revision {
  id: string;
  /** Its place in History, the oldest 1 (not the item's version counter, which agent steps share). */
  number: number;
  label: string;
  author: string;
  added: number;
  removed: number;
  at: string;
}

/**
 * Who changed what and when; any earlier version can be previewed, formatted, and brought back as a new
 * one after a confirmation. Without scripts the panel, and the confirmation, open from the address.
 */
export function HistoryPanel({
  itemId,
  version,
  revisions,
  canRestore,
  confirming: initiallyConfirming,
  typingNow,
  onRestore,
  onClose,
}: {
  itemId: string;
  /** The item's version, which a restore without scripts is checked against. */
  version: number;
  revisions: Revision[];
  canRestore: boolean;
  /** The version whose restore is being confirmed (from the address). */
  confirming: string | null;
  /** Members typing now whose words are in no version yet. */
  typingNow: string[];
  onRestore: (revision: Revision) => void;
  onClose: () => void;
}) {
  const now = useRenderTime();
  const { previewing, shown, open: openPreview, close: closePreview } = useRevisionPreview();
  const [confirmingId, setConfirmingId] = useState(initiallyConfirming);
  const confirming = canRestore ? revisions.find((r) => r.id === confirmingId && r !== revisions[0]) : undefined;
  const askFirst = (revision: Revision) => setConfirmingId(revision.id);
  const restoreUrl = (revision: Revision) =>
    `/editor?id=${encodeURIComponent(itemId)}&restore=${encodeURIComponent(revision.id)}#restore-title`;
  return (
    <section aria-labelledby="history-title" className="mb-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex items-center justify-between">
        <h2 id="history-title" className="flex items-center gap-2 font-semibold">
          <History size={16} aria-hidden /> History
        </h2>
        <ScriptButton
          href={`/editor?id=${encodeURIComponent(itemId)}`}
          onActivate={onClose}
          className="rounded p-1 text-slate-500 hover:bg-slate-100"
          aria-label="Close history"
        >
          <X size={16} aria-hidden />
        </ScriptButton>
      </div>
      <ol className="mt-3 max-h-72 divide-y divide-slate-100 overflow-y-auto" data-testid="revisions">
        {revisions.map((r, i) => (
          <li key={r.id} className="flex items-center gap-3 py-2 text-sm">
            <span className="w-10 shrink-0 font-mono text-xs text-slate-500">v{r.number}</span>
            <div className="min-w-0 flex-1">
              <p className="break-words">{versionLine(r)}</p>
              <p className="text-xs text-slate-500">
                {timeAgo(r.at, now)} · <span className="text-emerald-700">+{r.added}</span> /{" "}
                <span className="text-rose-700">−{r.removed}</span> words
              </p>
            </div>
            {i === 0 ? (
              <span className="text-xs font-medium text-slate-500">Current</span>
            ) : (
              <span className="flex gap-2">
                <button
                  type="button"
                  className={buttonClass}
                  aria-pressed={previewing?.id === r.id}
                  onClick={() => void openPreview(r)}
                  aria-label={`Preview version ${r.number}`}
                >
                  Preview
                </button>
                {canRestore ? (
                  <ScriptButton
                    href={restoreUrl(r)}
                    onActivate={() => askFirst(r)}
                    className={buttonClass}
                    aria-label={`Restore version ${r.number}`}
                  >
                    Restore
                  </ScriptButton>
                ) : (
                  <button type="button" className={buttonClass} disabled aria-label={`Restore version ${r.number}`}>
                    Restore
                  </button>
                )}
              </span>
            )}
          </li>
        ))}
        {revisions.length === 0 ? <li className="py-2 text-sm text-slate-500">No saved versions yet.</li> : null}
      </ol>
      {confirming ? (
        <RestoreConfirm
          itemId={itemId}
          version={version}
          revision={confirming}
          changing={authorsSince(revisions, confirming.id, typingNow)}
          onConfirm={() => {
            setConfirmingId(null);
            onRestore(confirming);
          }}
          onCancel={() => setConfirmingId(null)}
        />
      ) : null}
      {previewing ? (
        <div className="mt-3 rounded-lg border border-slate-200" data-testid="revision-preview" aria-live="polite">
          <p className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-100 px-4 py-2 text-sm">
            <span className="font-medium">Version {previewing.number} as readers would see it</span>
            <span className="flex gap-2">
              <button type="button" className={primaryClass} disabled={!canRestore} onClick={() => askFirst(previewing)}>
                Restore this version
              </button>
              <button type="button" className={buttonClass} onClick={closePreview}>
                Close preview
              </button>
            </span>
          </p>
          {shown?.ok ? (
            // Sanitised by rehype-sanitize on the server (app/domain/markdown.ts).
            <div className="article-body max-h-96 overflow-y-auto p-4" dangerouslySetInnerHTML={{ __html: shown.html }} />
          ) : shown ? (
            <p role="alert" className="p-4 text-sm text-rose-700">
              {shown.formError}
            </p>
          ) : (
            <p className="p-4 text-sm text-slate-500">Rendering version {previewing.number}…</p>
          )}
        </div>
      ) : null}
    </section>
  );
}

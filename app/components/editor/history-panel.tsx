import { History, X } from "lucide-react";
import { useRenderTime } from "~/components/ui/use-render-time";
import { timeAgo } from "~/domain/relative-time";
import { buttonClass } from "./editor-buttons";

export interface Revision {
  id: string;
  version: number;
  label: string;
  author: string;
  added: number;
  removed: number;
  at: string;
}

/** Who changed what and when; any earlier version can be brought back as a new one. */
export function HistoryPanel({
  revisions,
  canRestore,
  onRestore,
  onClose,
}: {
  revisions: Revision[];
  canRestore: boolean;
  onRestore: (revision: Revision) => void;
  onClose: () => void;
}) {
  const now = useRenderTime();
  return (
    <section aria-labelledby="history-title" className="mb-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex items-center justify-between">
        <h2 id="history-title" className="flex items-center gap-2 font-semibold">
          <History size={16} aria-hidden /> History
        </h2>
        <button type="button" onClick={onClose} className="rounded p-1 text-slate-500 hover:bg-slate-100" aria-label="Close history">
          <X size={16} aria-hidden />
        </button>
      </div>
      <ol className="mt-3 max-h-72 divide-y divide-slate-100 overflow-y-auto" data-testid="revisions">
        {revisions.map((r, i) => (
          <li key={r.id} className="flex items-center gap-3 py-2 text-sm">
            <span className="w-10 shrink-0 font-mono text-xs text-slate-500">v{r.version}</span>
            <div className="min-w-0 flex-1">
              <p>
                <span className="font-medium">{r.label}</span> by {r.author}
              </p>
              <p className="text-xs text-slate-500">
                {timeAgo(r.at, now)} · <span className="text-emerald-700">+{r.added}</span> /{" "}
                <span className="text-rose-700">−{r.removed}</span> words
              </p>
            </div>
            {i === 0 ? (
              <span className="text-xs font-medium text-slate-500">Current</span>
            ) : (
              <button
                type="button"
                className={buttonClass}
                disabled={!canRestore}
                onClick={() => onRestore(r)}
                aria-label={`Restore version ${r.version}`}
              >
                Restore
              </button>
            )}
          </li>
        ))}
        {revisions.length === 0 ? <li className="py-2 text-sm text-slate-500">No saved versions yet.</li> : null}
      </ol>
    </section>
  );
}

import { Sparkles } from "lucide-react";
import type { ReactNode } from "react";
import type { Suggestion, SuggestionKind } from "~/domain/suggestions";
import { useHydrated } from "~/components/ui/use-hydrated";

const KIND_LABELS: Record<SuggestionKind, string> = {
  banned: "Guidelines",
  repeated: "Typo",
  simplify: "Plain words",
  intensifier: "Weak word",
  equality: "Inclusive",
  passive: "Passive voice",
  readability: "Long sentence",
  keyword: "Brand keyword",
};

/** Shown at most; the rest come once these are dealt with. */
const SHOWN = 12;

/** The current suggestions: what, where (the quoted words, "Show" selects them), why, and Apply when there is a fix. */
export function SuggestionList({
  suggestions,
  canEdit,
  checking,
  error,
  onApply,
  onShow,
  source,
  children,
}: {
  suggestions: Suggestion[];
  canEdit: boolean;
  checking: boolean;
  error: string | null;
  onApply: (s: Suggestion) => void;
  onShow: (s: Suggestion) => void;
  source: string;
  children?: ReactNode;
}) {
  const hydrated = useHydrated();
  return (
    <section aria-labelledby="ai-title" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="ai-title" className="flex items-center gap-2 font-semibold">
        <Sparkles size={16} className="text-indigo-600" aria-hidden /> AI Suggestions
        {suggestions.length > 0 ? (
          <span className="rounded-full bg-indigo-50 px-2 text-xs font-medium text-indigo-700" data-testid="suggestion-count">
            {suggestions.length}
          </span>
        ) : null}
      </h2>
      <p className="mt-1 text-xs text-slate-500">
        {source} {checking ? <span role="status">· Checking…</span> : null}
      </p>
      {error ? (
        <p role="alert" className="mt-2 text-sm text-rose-600">
          {error}
        </p>
      ) : null}
      <ul className="mt-3 space-y-3">
        {suggestions.slice(0, SHOWN).map((s) => (
          <li key={s.id} className="rounded-lg bg-indigo-50 p-3 text-sm" data-testid="suggestion" data-kind={s.kind}>
            <p className="text-xs font-semibold uppercase tracking-wide text-indigo-700">{KIND_LABELS[s.kind]}</p>
            <p className="mt-0.5 font-medium text-indigo-900">{s.message}</p>
            <p className="mt-1 text-indigo-800/80">{s.why}</p>
            {/* Applying and showing act on the live text: without scripts the list only reads. */}
            <div className="mt-2 flex gap-2" hidden={!hydrated}>
              {s.replacement !== undefined ? (
                <button
                  type="button"
                  disabled={!canEdit}
                  onClick={() => onApply(s)}
                  className="rounded-md bg-indigo-600 px-2.5 py-1 text-xs font-medium text-white hover:bg-indigo-700 disabled:cursor-not-allowed disabled:opacity-50"
                >
                  Apply Suggestion
                </button>
              ) : null}
              <button
                type="button"
                onClick={() => onShow(s)}
                className="rounded-md border border-indigo-200 bg-white px-2.5 py-1 text-xs font-medium text-indigo-700 hover:bg-indigo-100"
              >
                Show in text
              </button>
            </div>
          </li>
        ))}
        {suggestions.length > SHOWN ? <li className="text-xs text-slate-500">{suggestions.length - SHOWN} more after these.</li> : null}
        {suggestions.length === 0 && !error ? <li className="text-sm text-slate-500">No suggestions: the text reads cleanly.</li> : null}
      </ul>
      {children}
    </section>
  );
}

import { Search, X } from "lucide-react";
import { useState } from "react";
import { useContentSearch } from "~/components/content/use-content-search";
import { StatusBadge, TypeBadge } from "~/components/ui/badges";
import { SEARCH_TERM_MAX, type ContentMatch } from "~/domain/content-search";

/** Recent items, or search by title or tag; the picked one is pressed. Mount afresh (key) to reset. */
export function ContentPicker({
  id,
  recent,
  picked,
  onPick,
  error,
}: {
  id: string;
  recent: ContentMatch[];
  picked: ContentMatch | null;
  onPick: (item: ContentMatch) => void;
  error?: string;
}) {
  const [query, setQuery] = useState("");
  const search = useContentSearch(query);
  const items = search.term ? search.shown : recent;
  return (
    <div>
      <label htmlFor={`${id}-search`} className="text-sm font-medium text-slate-700">
        Find content
      </label>
      <div className="relative mt-2">
        <Search size={16} aria-hidden className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-slate-400" />
        <input
          id={`${id}-search`}
          type="search"
          data-autofocus
          value={query}
          maxLength={SEARCH_TERM_MAX}
          onChange={(e) => setQuery(e.target.value)}
          placeholder="Search by title or tag…"
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="w-full rounded-lg border border-slate-300 py-2 pl-9 pr-3 text-sm"
        />
      </div>
      <section aria-labelledby={`${id}-list-title`}>
        <h3 id={`${id}-list-title`} className="mt-3 text-xs font-semibold uppercase tracking-wide text-slate-500">
          {search.term ? "Matches" : "Recent"}
        </h3>
        <p role="status" className="mt-1 text-sm text-slate-500 empty:hidden">
          {search.error ??
            (search.searching ? "Searching…" : search.settled && items.length === 0 ? `No content matches “${search.term}”.` : "")}
        </p>
        <ul className="mt-1 max-h-48 space-y-1 overflow-y-auto empty:hidden" aria-label="Content to pick">
          {items.map((item) => (
            <li key={item.id}>
              <button
                type="button"
                aria-pressed={picked?.id === item.id}
                onClick={() => onPick(item)}
                className="flex w-full items-center gap-3 rounded-lg px-3 py-2 text-left text-sm hover:bg-slate-50 aria-[pressed=true]:bg-indigo-50 aria-[pressed=true]:text-indigo-900"
              >
                <span className="min-w-0 flex-1 truncate font-medium">{item.title}</span>
                <TypeBadge type={item.type} />
                <StatusBadge status={item.status} />
              </button>
            </li>
          ))}
        </ul>
      </section>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-rose-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The dialog's header row with its title and close button. */
export function DialogHeader({ id, title, onClose }: { id: string; title: string; onClose: () => void }) {
  return (
    <div className="flex items-center justify-between border-b border-slate-200 px-5 py-4">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      <button type="button" onClick={onClose} aria-label="Close" className="rounded-md p-1 text-slate-500 hover:bg-slate-100">
        <X size={18} aria-hidden />
      </button>
    </div>
  );
}

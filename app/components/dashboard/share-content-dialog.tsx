import { Search, X } from "lucide-react";
import { useEffect, useState } from "react";
import { useContentSearch } from "~/components/content/use-content-search";
import { StatusBadge, TypeBadge } from "~/components/ui/badges";
import { ModalDialog, type ModalDialogControl } from "~/components/ui/modal-dialog";
import { SEARCH_TERM_MAX, type ContentMatch } from "~/domain/content-search";
import { ShareLink } from "./share-link";

/** Pick an item (recent ones, or search by title or tag) and copy its link. */
export function ShareContentDialog({ control, recent }: { control: ModalDialogControl; recent: ContentMatch[] }) {
  const [query, setQuery] = useState("");
  const [picked, setPicked] = useState<ContentMatch | null>(null);
  const search = useContentSearch(query);

  // Every opening starts afresh.
  useEffect(() => {
    if (!control.isOpen) return;
    setQuery("");
    setPicked(null);
  }, [control.isOpen]);

  const items = search.term ? search.shown : recent;
  return (
    <ModalDialog control={control} labelledBy="share-content-title" className="max-w-lg">
      <div className="flex items-center justify-between border-b border-slate-200 px-5 py-4">
        <h2 id="share-content-title" className="text-lg font-semibold">
          Share content
        </h2>
        <button type="button" onClick={() => control.close()} aria-label="Close" className="rounded-md p-1 text-slate-500 hover:bg-slate-100">
          <X size={18} aria-hidden />
        </button>
      </div>
      <div className="space-y-4 p-5">
        <div>
          <label htmlFor="share-search" className="text-sm font-medium text-slate-700">
            Find content
          </label>
          <div className="relative mt-2">
            <Search size={16} aria-hidden className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-slate-400" />
            <input
              id="share-search"
              type="search"
              data-autofocus
              value={query}
              maxLength={SEARCH_TERM_MAX}
              onChange={(e) => setQuery(e.target.value)}
              placeholder="Search by title or tag…"
              autoComplete="off"
              className="w-full rounded-lg border border-slate-300 py-2 pl-9 pr-3 text-sm"
            />
          </div>
        </div>
        <section aria-labelledby="share-list-title">
          <h3 id="share-list-title" className="text-xs font-semibold uppercase tracking-wide text-slate-500">
            {search.term ? "Matches" : "Recent"}
          </h3>
          <p role="status" className="mt-2 text-sm text-slate-500 empty:hidden">
            {search.error ?? (search.searching ? "Searching…" : search.settled && items.length === 0 ? `No content matches “${search.term}”.` : "")}
          </p>
          <ul className="mt-2 max-h-64 space-y-1 overflow-y-auto empty:hidden">
            {items.map((item) => (
              <li key={item.id}>
                <button
                  type="button"
                  aria-pressed={picked?.id === item.id}
                  onClick={() => setPicked(item)}
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
        {picked ? <ShareLink key={picked.id} item={picked} /> : <p className="text-sm text-slate-500">Pick an item to get its link.</p>}
      </div>
    </ModalDialog>
  );
}

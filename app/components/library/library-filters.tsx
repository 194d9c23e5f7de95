import { Form, useNavigate } from "@remix-run/react";
import { CalendarDays, Filter, LayoutGrid, List, Search } from "lucide-react";
import { useEffect, useRef } from "react";
import { STATUS_LABELS } from "~/domain/content";
import {
  LIBRARY_SORTS,
  LIBRARY_STATUS_OPTIONS,
  Q_MAX,
  SORT_LABELS,
  libraryHref,
  moreFilterCount,
  type LibraryQuery,
} from "~/domain/library-query";
import type { Facets } from "~/domain/content-search";
import { addressBarQuery, LibraryLink } from "./library-link";
import { MoreFiltersPanel } from "./more-filters";

const SEARCH_DELAY_MS = 250;
const toggle =
  "rounded-md p-2 aria-[current=true]:bg-white aria-[current=true]:text-indigo-700 aria-[current=true]:shadow-sm text-slate-500";
const select = "h-11 rounded-lg border border-slate-200 bg-white pl-3 pr-8 text-sm sm:h-10";

/**
 * Search, status, sort, view and More Filters: all kept in the URL, so links, reload and back show the
 * same list. With scripts every change applies at once; without, the form's Apply button sends it.
 */
export function LibraryFilters({
  query,
  facets,
  authors,
}: {
  query: LibraryQuery;
  facets: Facets | null;
  authors: { id: string; name: string }[];
}) {
  const navigate = useNavigate();
  const typing = useRef<ReturnType<typeof setTimeout>>();
  const search = useRef<HTMLInputElement>(null);

  // Back and forward change the URL under an uncontrolled box: show its search unless someone is typing.
  useEffect(() => {
    if (search.current && document.activeElement !== search.current) search.current.value = query.q;
  }, [query.q]);
  useEffect(() => () => clearTimeout(typing.current), []);

  // Any change starts again at page 1. Refining a search replaces the history entry, so Back
  // skips the keystrokes; starting or clearing one, or changing a filter, adds an entry. Built on the
  // address bar's query, not this render's: a second choice made before the screen caught up with the
  // first (the URL moves first) keeps the first.
  const go = (change: Partial<LibraryQuery>, replace = false) => {
    navigate(libraryHref(addressBarQuery(query), { ...change, page: 1 }), { replace, preventScrollReset: true });
  };
  const onSearchInput = (value: string) => {
    clearTimeout(typing.current);
    typing.current = setTimeout(() => go({ q: value.trim() }, query.q !== "" && value.trim() !== ""), SEARCH_DELAY_MS);
  };

  return (
    <div className="mb-6 flex flex-wrap items-start gap-3">
      <Form method="get" action="/library" role="search" className="flex min-w-0 flex-1 flex-wrap items-center gap-3">
        <input type="hidden" name="view" value={query.view} />
        <div className="relative min-w-[min(16rem,100%)] flex-1">
          <Search size={16} aria-hidden className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-slate-400" />
          <label htmlFor="library-search" className="sr-only">
            Search titles, tags and text
          </label>
          <input
            ref={search}
            id="library-search"
            name="q"
            type="search"
            maxLength={Q_MAX}
            defaultValue={query.q}
            onChange={(e) => onSearchInput(e.currentTarget.value)}
            placeholder="Search titles, tags and text…"
            className="h-11 w-full rounded-lg border border-slate-200 bg-white pl-9 pr-3 text-sm sm:h-10"
          />
        </div>
        <label htmlFor="status-filter" className="sr-only">
          Status
        </label>
        <select
          id="status-filter"
          name="status"
          value={query.status}
          onChange={(e) => go({ status: e.currentTarget.value as LibraryQuery["status"] })}
          className={select}
        >
          {LIBRARY_STATUS_OPTIONS.map((s) => (
            <option key={s} value={s}>
              {s === "all" ? "All Status" : STATUS_LABELS[s]}
            </option>
          ))}
        </select>
        <label htmlFor="sort-order" className="sr-only">
          Sort by
        </label>
        <select
          id="sort-order"
          name="sort"
          value={query.sort}
          onChange={(e) => go({ sort: e.currentTarget.value as LibraryQuery["sort"] })}
          className={select}
        >
          {LIBRARY_SORTS.map((s) => (
            <option key={s} value={s}>
              {SORT_LABELS[s]}
            </option>
          ))}
        </select>
        {/* Enter searches, with or without scripts. */}
        <button type="submit" className="sr-only" tabIndex={-1}>
          Search
        </button>
        <noscript>
          <button type="submit" className="h-11 rounded-lg bg-indigo-600 px-4 text-sm font-medium text-white hover:bg-indigo-700 sm:h-10">
            Apply
          </button>
        </noscript>
        <details className="group w-full" open={moreFilterCount(query) > 0}>
          <summary className="inline-flex h-11 cursor-pointer list-none items-center gap-2 rounded-lg border border-slate-200 bg-white px-3 text-sm hover:bg-slate-50 sm:h-10 [&::-webkit-details-marker]:hidden">
            <Filter size={16} aria-hidden /> More Filters
            {moreFilterCount(query) > 0 ? (
              <span className="rounded-full bg-indigo-600 px-1.5 text-xs font-semibold text-white">{moreFilterCount(query)}</span>
            ) : null}
          </summary>
          <MoreFiltersPanel query={query} facets={facets} authors={authors} go={go} />
        </details>
      </Form>
      <nav aria-label="View mode" className="flex rounded-lg bg-slate-100 p-1">
        <LibraryLink
          query={query}
          change={{ view: "grid" }}
          aria-current={query.view === "grid"}
          aria-label="Grid view"
          className={toggle}
          preventScrollReset
        >
          <LayoutGrid size={16} aria-hidden />
        </LibraryLink>
        <LibraryLink
          query={query}
          change={{ view: "list" }}
          aria-current={query.view === "list"}
          aria-label="List view"
          className={toggle}
          preventScrollReset
        >
          <List size={16} aria-hidden />
        </LibraryLink>
        <LibraryLink
          query={query}
          change={{ view: "calendar" }}
          aria-current={query.view === "calendar"}
          aria-label="Calendar view"
          className={toggle}
          preventScrollReset
        >
          <CalendarDays size={16} aria-hidden />
        </LibraryLink>
      </nav>
    </div>
  );
}

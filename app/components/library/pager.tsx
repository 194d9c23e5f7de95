import { ChevronLeft, ChevronRight } from "lucide-react";
import { useEffect, useRef } from "react";
import type { LibraryQuery, PageWindow } from "~/domain/library-query";
import { LibraryLink } from "./library-link";

const step = "inline-flex items-center gap-1 rounded-lg border border-slate-200 bg-white px-3 py-1.5 text-sm font-medium";

export function Pager({ query, window }: { query: LibraryQuery; window: PageWindow & { exact?: boolean } }) {
  const shownPage = useRef(window.page);
  // The page scrolls inside <main>, which the router does not reset: bring the new page's top into view.
  useEffect(() => {
    if (shownPage.current === window.page) return;
    shownPage.current = window.page;
    document.getElementById("library-top")?.scrollIntoView({ block: "start" });
  }, [window.page]);

  if (window.total === 0) return null;
  const n = (value: number) => value.toLocaleString("en");
  return (
    <nav aria-label="Pagination" className="mt-6 flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-600" data-testid="page-range">
        Showing {window.from === window.to ? n(window.from) : `${n(window.from)}–${n(window.to)}`} of {n(window.total)}
        {window.exact === false ? "+" : ""}
      </p>
      <div className="flex items-center gap-2">
        {window.page > 1 ? (
          <LibraryLink query={query} change={{ page: window.page - 1 }} rel="prev" className={`${step} hover:bg-slate-50`}>
            <ChevronLeft size={16} aria-hidden /> Previous
          </LibraryLink>
        ) : (
          <span aria-disabled="true" className={`${step} text-slate-400`}>
            <ChevronLeft size={16} aria-hidden /> Previous
          </span>
        )}
        <span className="px-2 text-sm text-slate-600">
          Page {n(window.page)} of {n(window.pages)}
          {window.exact === false ? "+" : ""}
        </span>
        {window.page < window.pages ? (
          <LibraryLink query={query} change={{ page: window.page + 1 }} rel="next" className={`${step} hover:bg-slate-50`}>
            Next <ChevronRight size={16} aria-hidden />
          </LibraryLink>
        ) : (
          <span aria-disabled="true" className={`${step} text-slate-400`}>
            Next <ChevronRight size={16} aria-hidden />
          </span>
        )}
      </div>
    </nav>
  );
}

import { Download } from "lucide-react";

// Choosing a file closes the menu, as a menu should.
const close = (e: React.MouseEvent<HTMLAnchorElement>) => e.currentTarget.closest("details")?.removeAttribute("open");
const linkClass = "block rounded-md px-3 py-2 text-sm text-slate-700 hover:bg-slate-100 focus:bg-slate-100 focus:outline-none";

/** 'Export Report' opens two CSV downloads of the selected range: per day and per item. */
export function ExportMenu({ query }: { query: string }) {
  return (
    <details className="group relative">
      <summary className="inline-flex cursor-pointer list-none items-center gap-2 rounded-lg bg-indigo-600 px-4 py-2 text-sm font-medium text-white shadow-sm hover:bg-indigo-700 focus:outline-none focus:ring-2 focus:ring-indigo-500 focus:ring-offset-2 [&::-webkit-details-marker]:hidden">
        <Download size={16} aria-hidden /> Export Report
      </summary>
      <div className="absolute right-0 z-20 mt-2 w-56 rounded-lg border border-slate-200 bg-white p-1 shadow-lg">
        <a href={`/analytics/export?${query}&rows=days`} download className={linkClass} onClick={close}>
          Daily totals (CSV)
        </a>
        <a href={`/analytics/export?${query}&rows=items`} download className={linkClass} onClick={close}>
          Per content item (CSV)
        </a>
      </div>
    </details>
  );
}

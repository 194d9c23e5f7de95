import { Link } from "@remix-run/react";
import { STATUS_LABELS } from "~/domain/content";
import { LibraryQuery, libraryHref, moreFilterCount } from "~/domain/library-query";

export function EmptyLibrary({ query, canCreate }: { query: LibraryQuery; canCreate: boolean }) {
  const filtered = query.q !== "" || query.status !== "all" || moreFilterCount(query) > 0;
  const status = query.status === "all" ? null : STATUS_LABELS[query.status];
  return (
    <div className="rounded-xl border border-dashed border-slate-300 px-6 py-12 text-center">
      {filtered ? (
        <>
          <p className="break-words font-medium text-slate-700">
            No content matches {query.q ? <>“{query.q}”</> : null}
            {query.q && status ? " in " : null}
            {status ? <>{status}</> : null}.
          </p>
          <p className="mt-2 text-sm text-slate-500">
            Try another search or{" "}
            <Link
              to={libraryHref(LibraryQuery.parse({ view: query.view }))}
              className="font-medium text-indigo-700 underline underline-offset-2"
            >
              clear the filters
            </Link>
            .
          </p>
        </>
      ) : (
        <>
          <p className="font-medium text-slate-700">No content yet.</p>
          {canCreate ? <p className="mt-2 text-sm text-slate-500">Start a draft with New Content.</p> : null}
        </>
      )}
    </div>
  );
}

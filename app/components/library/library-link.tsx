import { Link, useNavigate } from "@remix-run/react";
import type { MouseEvent, ReactNode } from "react";
import { libraryHref, parseLibraryQuery, type LibraryQuery } from "~/domain/library-query";

/** The query the address bar holds: it moves before the screen re-renders with a navigation's data. */
export function addressBarQuery(rendered: LibraryQuery): LibraryQuery {
  const current = parseLibraryQuery(new URLSearchParams(window.location.search));
  return current.success ? current.data : rendered;
}

const plainClick = (e: MouseEvent) => e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;

/**
 * A link to the library with one part of its query changed. The href is this render's (and works
 * without scripts); a click builds on the address bar, so a choice made a moment before is kept.
 */
export function LibraryLink({
  query,
  change,
  children,
  preventScrollReset = false,
  ...props
}: {
  query: LibraryQuery;
  change: Partial<LibraryQuery>;
  children: ReactNode;
  preventScrollReset?: boolean;
  className?: string;
  rel?: string;
  "aria-label"?: string;
  "aria-current"?: boolean;
}) {
  const navigate = useNavigate();
  return (
    <Link
      {...props}
      to={libraryHref(query, change)}
      preventScrollReset={preventScrollReset}
      onClick={(e) => {
        if (!plainClick(e)) return;
        e.preventDefault();
        navigate(libraryHref(addressBarQuery(query), change), { preventScrollReset });
      }}
    >
      {children}
    </Link>
  );
}

import { Link } from "@remix-run/react";
import { useState } from "react";
import { CONTENT_TYPES, TYPE_LABELS } from "~/domain/content";
import { DATE_FIELDS, DATE_FIELD_LABELS, LibraryQuery, libraryHref } from "~/domain/library-query";
import type { Facets } from "~/domain/content-search";

const field = "h-11 w-full rounded-lg border border-slate-200 bg-white px-3 text-sm sm:h-10";
const label = "mb-1 block text-xs font-semibold uppercase tracking-wide text-slate-500";
/** A value with its count; no count when the results passed the limit (decision 024). */
const counted = (name: string, counts: Record<string, number> | null | undefined, key: string) =>
  counts ? `${name} (${(counts[key] ?? 0).toLocaleString("en")})` : name;
const totalOf = (name: string, counts: Record<string, number> | null | undefined, limit: number) =>
  counts === undefined
    ? name
    : counts
      ? `${name} (${Object.values(counts)
          .reduce((a, b) => a + b, 0)
          .toLocaleString("en")})`
      : `${name} (${limit.toLocaleString("en")}+)`;

/**
 * Type, author, a date range and tags. Counts say how many results each choice would show with the
 * other filters kept. Controls are named like the URL's parameters, so the plain form post works too.
 */
export function MoreFiltersPanel({
  query,
  facets,
  authors,
  go,
}: {
  query: LibraryQuery;
  facets: Facets | null;
  authors: { id: string; name: string }[];
  go: (change: Partial<LibraryQuery>) => void;
}) {
  const [dateError, setDateError] = useState<string | null>(null);
  const limit = facets?.limit ?? 0;
  const tags = [...(facets?.tag ?? [])];
  for (const chosen of query.tag) if (!tags.some((t) => t.name === chosen)) tags.push({ name: chosen, count: 0 });

  // A date box changes once a whole date is typed or picked; an inverted range is explained, not sent.
  const setDate = (change: Partial<LibraryQuery>) => {
    const next = LibraryQuery.safeParse({ ...query, ...change });
    if (!next.success) return setDateError(next.error.issues[0].message);
    setDateError(null);
    go(change);
  };

  return (
    <div className="mt-3 grid grid-cols-1 gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-4">
      <div>
        <label htmlFor="filter-type" className={label}>
          Type
        </label>
        <select
          id="filter-type"
          name="type"
          value={query.type}
          onChange={(e) => go({ type: e.currentTarget.value as LibraryQuery["type"] })}
          className={field}
        >
          <option value="all">{totalOf("All types", facets?.type, limit)}</option>
          {CONTENT_TYPES.map((t) => (
            <option key={t} value={t}>
              {counted(TYPE_LABELS[t], facets?.type, t)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="filter-author" className={label}>
          Author
        </label>
        <select
          id="filter-author"
          name="author"
          value={query.author}
          onChange={(e) => go({ author: e.currentTarget.value })}
          className={field}
        >
          <option value="">{totalOf("Anyone", facets?.author, limit)}</option>
          {authors.map((a) => (
            <option key={a.id} value={a.id}>
              {counted(a.name, facets?.author, a.id)}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="sm:col-span-2">
        <legend className={label}>Date</legend>
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-3">
          <div>
            <label htmlFor="filter-date" className="sr-only">
              Which date
            </label>
            <select
              id="filter-date"
              name="date"
              value={query.date}
              onChange={(e) => setDate({ date: e.currentTarget.value as LibraryQuery["date"] })}
              className={field}
            >
              {DATE_FIELDS.map((d) => (
                <option key={d} value={d}>
                  {DATE_FIELD_LABELS[d]}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="filter-from" className="text-xs text-slate-600">
              From
            </label>
            <input
              id="filter-from"
              name="from"
              type="date"
              defaultValue={query.from ?? ""}
              key={`from-${query.from}`}
              onChange={(e) => setDate({ from: e.currentTarget.value || undefined })}
              className={field}
            />
          </div>
          <div>
            <label htmlFor="filter-to" className="text-xs text-slate-600">
              To
            </label>
            <input
              id="filter-to"
              name="to"
              type="date"
              defaultValue={query.to ?? ""}
              key={`to-${query.to}`}
              aria-invalid={dateError ? true : undefined}
              aria-describedby={dateError ? "filter-date-error" : undefined}
              onChange={(e) => setDate({ to: e.currentTarget.value || undefined })}
              className={field}
            />
          </div>
        </div>
        {dateError ? (
          <p id="filter-date-error" role="alert" className="mt-1 text-sm text-rose-600">
            {dateError}
          </p>
        ) : null}
      </fieldset>
      <fieldset className="sm:col-span-2 lg:col-span-4">
        <legend className={label}>Tags (items with every tag chosen)</legend>
        {tags.length === 0 ? (
          <p className="text-sm text-slate-500">No tags among these results.</p>
        ) : (
          <ul className="flex flex-wrap gap-2">
            {tags.map((t) => {
              const checked = query.tag.includes(t.name);
              return (
                <li key={t.name}>
                  <label
                    className={`inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border px-3 text-sm sm:min-h-9 ${checked ? "border-indigo-300 bg-indigo-50 text-indigo-800" : "border-slate-200 bg-white text-slate-700 hover:bg-slate-50"}`}
                  >
                    <input
                      type="checkbox"
                      name="tag"
                      value={t.name}
                      checked={checked}
                      onChange={() => go({ tag: checked ? query.tag.filter((x) => x !== t.name) : [...query.tag, t.name] })}
                      className="h-4 w-4 rounded border-slate-300 text-indigo-600"
                    />
                    {t.name}
                    {t.count === null ? null : <span className="text-xs text-slate-500">{t.count.toLocaleString("en")}</span>}
                  </label>
                </li>
              );
            })}
          </ul>
        )}
      </fieldset>
      {facets && (!facets.type || !facets.author || facets.tag.some((t) => t.count === null)) ? (
        <p className="text-sm text-slate-500 sm:col-span-2 lg:col-span-4">
          Counts show once a choice covers {facets.limit.toLocaleString("en")} results or fewer; narrow the search to see them.
        </p>
      ) : null}
      <p className="sm:col-span-2 lg:col-span-4">
        <Link
          to={libraryHref({ ...query, type: "all", author: "", date: "updated", from: undefined, to: undefined, tag: [], page: 1 })}
          className="inline-flex min-h-11 items-center text-sm font-medium text-indigo-700 underline underline-offset-2 sm:min-h-0"
        >
          Clear More Filters
        </Link>
      </p>
    </div>
  );
}

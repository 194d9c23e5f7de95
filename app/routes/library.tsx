import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useSearchParams, useSubmit } from "@remix-run/react";
import { format } from "date-fns";
import { Filter, LayoutGrid, List, Plus, Search } from "lucide-react";
import { GridCard } from "~/components/library/content-card";
import { ContentTable } from "~/components/library/content-row";
import { PageHeader } from "~/components/ui/card";
import { STATUS_LABELS } from "~/domain/content";
import { LIBRARY_STATUS_OPTIONS, parseLibraryQuery } from "~/domain/library-query";
import { listContent } from "~/models/content.server";
import { requireUser } from "~/session.server";
import { useRef } from "react";

const SEARCH_DELAY_MS = 250;

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/route-error";

export const meta = () => [{ title: "Content Library · Content Studio" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const parsed = parseLibraryQuery(new URL(request.url).searchParams);
  if (!parsed.success) throw new Response(parsed.error.issues[0].message, { status: 400 });
  const { q, status, view } = parsed.data;
  const items = await listContent({ q, status: status === "all" ? undefined : status });
  const dates = Object.fromEntries(items.map((i) => [i.id, format(new Date(i.date), "MMM d, yyyy")]));
  return { items, dates, query: { q, status, view } };
}

const toggle = "rounded-md p-2 aria-[current=true]:bg-white aria-[current=true]:text-indigo-700 aria-[current=true]:shadow-sm text-slate-500";

export default function Library() {
  const { items, dates, query } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const submit = useSubmit();
  const typing = useRef<ReturnType<typeof setTimeout>>();
  // Filters apply at once; typing in the search box waits for a pause.
  const onChange = (e: React.FormEvent<HTMLFormElement>) => {
    const form = e.currentTarget;
    clearTimeout(typing.current);
    const isSearch = (e.target as HTMLElement).getAttribute("type") === "search";
    typing.current = setTimeout(() => submit(form, { replace: true, preventScrollReset: true }), isSearch ? SEARCH_DELAY_MS : 0);
  };
  const withView = (view: string) => {
    const next = new URLSearchParams(params);
    next.set("view", view);
    return `?${next}`;
  };
  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title="Content Library"
        subtitle="Every draft, review and published piece in one place"
        actions={
          <button type="button" disabled title="Creating content arrives with content lifecycle" className="inline-flex items-center gap-2 rounded-lg bg-indigo-600 px-4 py-2 text-sm font-medium text-white disabled:opacity-60">
            <Plus size={16} aria-hidden /> New Content
          </button>
        }
      />
      <div className="mb-6 flex flex-wrap items-center gap-3">
        <Form method="get" role="search" className="flex flex-1 flex-wrap items-center gap-3" onChange={onChange}>
          <input type="hidden" name="view" value={query.view} />
          <div className="relative min-w-[16rem] flex-1">
            <Search size={16} aria-hidden className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-slate-400" />
            <label htmlFor="library-search" className="sr-only">Search by title or tag</label>
            <input id="library-search" name="q" type="search" defaultValue={query.q} placeholder="Search by title or tag…" className="w-full rounded-lg border border-slate-200 bg-white py-2 pl-9 pr-3 text-sm" />
          </div>
          <label htmlFor="status-filter" className="sr-only">Status</label>
          <select id="status-filter" name="status" defaultValue={query.status} className="rounded-lg border border-slate-200 bg-white py-2 pl-3 pr-8 text-sm">
            {LIBRARY_STATUS_OPTIONS.map((s) => (
              <option key={s} value={s}>{s === "all" ? "All Status" : STATUS_LABELS[s]}</option>
            ))}
          </select>
          <button type="button" disabled title="More filters arrive with search at scale" className="inline-flex items-center gap-2 rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm disabled:opacity-60">
            <Filter size={16} aria-hidden /> More Filters
          </button>
        </Form>
        <nav aria-label="View mode" className="flex rounded-lg bg-slate-100 p-1">
          <Link to={withView("grid")} aria-current={query.view === "grid"} aria-label="Grid view" className={toggle}><LayoutGrid size={16} aria-hidden /></Link>
          <Link to={withView("list")} aria-current={query.view === "list"} aria-label="List view" className={toggle}><List size={16} aria-hidden /></Link>
        </nav>
      </div>
      <p className="mb-4 text-sm text-slate-500" role="status">{items.length} {items.length === 1 ? "item" : "items"}</p>
      {items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-12 text-center text-slate-500">No content matches these filters.</p>
      ) : query.view === "grid" ? (
        <div className="grid grid-cols-1 gap-5 sm:grid-cols-2 xl:grid-cols-3">
          {items.map((item) => <GridCard key={item.id} item={item} date={dates[item.id]} />)}
        </div>
      ) : (
        <ContentTable items={items} dates={dates} />
      )}
    </div>
  );
}

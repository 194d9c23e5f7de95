import type { ActionFunctionArgs } from "@remix-run/node";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { format } from "date-fns";
import { ContentCalendar } from "~/components/calendar/content-calendar";
import { GridCard } from "~/components/library/content-card";
import { ContentTable } from "~/components/library/content-row";
import { EmptyLibrary } from "~/components/library/empty-library";
import { LibraryActionsProvider, RESULTS_COUNT_ID } from "~/components/library/library-actions";
import { LibraryFilters } from "~/components/library/library-filters";
import { NewContentButton } from "~/components/library/new-content-dialog";
import { Pager } from "~/components/library/pager";
import { PageHeader } from "~/components/ui/card";
import { itemPermissions, unknownLibraryAction } from "~/domain/library-actions";
import { messageOf } from "~/domain/reply";
import { PAGE_SIZE, libraryFilters, parseLibraryQuery } from "~/domain/library-query";
import { can } from "~/domain/permissions";
import { bodyExcerpts, listAuthors, listLibraryPage } from "~/models/content.server";
import { requireUser } from "~/web/session.server";
import { routeAction } from "~/web/action.server";
import { archive, duplicate, remove, restore } from "./items.server";
import { chainLabels } from "~/services/approvals.server";
import { loadCalendar, move } from "./calendar.server";
import { replyWhenUnanswered } from "~/components/keep-shown";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/route-error";

export const meta = () => [{ title: "Content Library · Content Studio" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const parsed = parseLibraryQuery(new URL(request.url).searchParams);
  if (!parsed.success) throw new Response(parsed.error.issues[0].message, { status: 400 });
  const calendar = await loadCalendar(new URL(request.url));
  const { q, sort, page } = parsed.data;
  const [{ items, window, bodyMatches, facets }, authors] = await Promise.all([
    listLibraryPage({ q, sort, page, pageSize: PAGE_SIZE, facets: true, ...libraryFilters(parsed.data) }),
    listAuthors(),
  ]);
  const chains = await chainLabels(items.map((i) => i.id));
  return {
    items: items.map((i) => ({ ...i, chain: chains.get(i.id) ?? null })),
    // Items found by their text: where the words occur, to show under the title.
    excerpts: await bodyExcerpts(bodyMatches, parsed.data.q),
    facets,
    authors,
    dates: Object.fromEntries(items.map((i) => [i.id, format(new Date(i.date), "MMM d, yyyy")])),
    allowed: Object.fromEntries(items.map((i) => [i.id, itemPermissions(user, i)])),
    // The page actually shown: one past the end is clamped to the last.
    query: { ...parsed.data, page: window.page },
    window,
    canCreate: can(user.role, "content.create"),
    calendar,
  };
}

/** A form sent without an answer keeps its text and says it was not saved. */
export const clientAction = replyWhenUnanswered();

/** Duplicate, archive, restore or delete one item from the library. */
// A function, not `const action = routeAction(…)`: the browser build keeps top-level calls, and
// ~/action.server is empty there.
export function action(args: ActionFunctionArgs) {
  return routeAction({ intents: { duplicate, archive, restore, delete: remove, move }, unknownIntent: unknownLibraryAction })(args);
}

export default function Library() {
  const { items, dates, allowed, query, window, canCreate, excerpts, facets, authors, calendar } = useLoaderData<typeof loader>();
  // A plain form post (no scripts) comes back here: say what happened.
  const reply = useActionData<typeof action>();
  return (
    <LibraryActionsProvider>
      <div id="library-top" className="mx-auto max-w-7xl scroll-mt-8">
        <PageHeader
          title="Content Library"
          subtitle="Every draft, review and published piece in one place"
          actions={<NewContentButton allowed={canCreate} />}
        />
        {reply ? (
          <p
            role={reply.ok ? "status" : "alert"}
            className={`mb-4 rounded-lg border px-4 py-3 text-sm ${reply.ok ? "border-emerald-200 bg-emerald-50 text-emerald-900" : "border-rose-200 bg-rose-50 text-rose-800"}`}
          >
            {messageOf(reply)}
          </p>
        ) : null}
        <LibraryFilters query={query} facets={facets} authors={authors} />
        <p id={RESULTS_COUNT_ID} tabIndex={-1} className="mb-4 text-sm text-slate-500 focus:outline-none" role="status">
          {window.total.toLocaleString("en")}
          {window.exact ? "" : "+"} {window.total === 1 ? "item" : "items"}
        </p>
        {calendar ? (
          <ContentCalendar data={calendar} canCreate={canCreate} />
        ) : items.length === 0 ? (
          <EmptyLibrary query={query} canCreate={canCreate} />
        ) : query.view === "grid" ? (
          <div className="grid grid-cols-1 gap-5 sm:grid-cols-2 xl:grid-cols-3">
            {items.map((item) => (
              <GridCard
                key={item.id}
                item={item}
                date={dates[item.id]}
                allowed={allowed[item.id]}
                term={query.q}
                excerpt={excerpts[item.id]}
              />
            ))}
          </div>
        ) : (
          <ContentTable items={items} dates={dates} allowed={allowed} term={query.q} excerpts={excerpts} />
        )}
        {calendar ? null : <Pager query={query} window={window} />}
      </div>
    </LibraryActionsProvider>
  );
}

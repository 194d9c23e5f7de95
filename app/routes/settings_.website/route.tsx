// Settings › Integrations › Website & metrics (decision 021): the tracker's sites and snippet,
// its options, the metrics API's tokens and the CSV import. Every form works without JavaScript.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { routeAction } from "~/web/action.server";
import { CsvImportCard } from "~/components/website/csv-import-card";
import { SitesCard } from "~/components/website/sites-card";
import { TokensCard } from "~/components/website/tokens-card";
import { PageHeader } from "~/components/ui/card";
import { can } from "~/domain/permissions";
import { MAX_CSV_REQUEST_BYTES } from "~/domain/platform-metrics";
import { trackerSnippet } from "~/domain/tracker";
import { listApiTokens } from "~/models/api-token.server";
import { getTrackerOptions, listTrackedSites, trafficToday, unassignedPages } from "~/models/tracked-site.server";
import { requireUser } from "~/web/session.server";
import { addSite, createToken, csvImport, csvPreview, removeSite, revokeToken, trackerOptions } from "./handlers.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/route-error";

export const meta = () => [{ title: "Website & metrics · Settings · Content Studio" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const allowed = can(user.role, "integrations.manage");
  const now = new Date();
  const [sites, options, tokens, pages, today] = await Promise.all([
    listTrackedSites(),
    getTrackerOptions(),
    allowed ? listApiTokens() : [],
    unassignedPages(now),
    trafficToday(now),
  ]);
  return {
    allowed,
    sites,
    options,
    snippet: trackerSnippet(new URL(request.url).origin, options),
    origin: new URL(request.url).origin,
    tokens: tokens.map((t) => ({
      ...t,
      createdAt: t.createdAt.toISOString(),
      lastUsedAt: t.lastUsedAt?.toISOString() ?? null,
      revokedAt: t.revokedAt?.toISOString() ?? null,
    })),
    pages,
    today,
  };
}

const HANDLERS = {
  "add-site": addSite,
  "remove-site": removeSite,
  "tracker-options": trackerOptions,
  "create-token": createToken,
  "revoke-token": revokeToken,
  "csv-preview": csvPreview,
  "csv-import": csvImport,
};

export function action(args: ActionFunctionArgs) {
  return routeAction({ intents: HANDLERS, unknownIntent: () => "Unknown website action.", maxBytes: MAX_CSV_REQUEST_BYTES })(args);
}

export default function WebsiteSettings() {
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-5xl">
      <p className="mb-2 text-sm">
        <Link to="/settings?tab=integrations" className="inline-flex min-h-6 items-center text-indigo-700 underline hover:text-indigo-900">
          Settings › Integrations
        </Link>
      </p>
      <PageHeader title="Website & metrics" subtitle="Count views and reading time on your site, and bring in each network's figures" />
      <div className="space-y-6">
        <SitesCard data={data} reply={reply} />
        {data.allowed ? (
          <>
            <TokensCard tokens={data.tokens} origin={data.origin} reply={reply} />
            <CsvImportCard reply={reply} />
          </>
        ) : (
          <p className="text-sm text-slate-600">Only Admins manage sites, API tokens and imports.</p>
        )}
      </div>
    </div>
  );
}

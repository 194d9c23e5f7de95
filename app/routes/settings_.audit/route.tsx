// Settings › Audit log (issue 37, decision 043): Admins only. A GET form filters the list (who, what,
// object, dates), paged on the server; the export link carries the same filters. Works without scripts.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuditFilters, AuditList, AuditPager, RetentionForm } from "~/components/settings/audit-log";
import { PageHeader } from "~/components/ui/card";
import { AUDIT_ACTIONS, AUDIT_PAGE_SIZE, filterQuery, parseAuditFilter, type AuditFilter } from "~/domain/audit";
import { ChainHeadCard } from "~/components/settings/audit-chain-head";
import { chainHead } from "~/models/audit-chain.server";
import { getAuditHeadWebhookUrl } from "~/models/audit-head-delivery.server";
import { auditMembers, getAuditRetentionDays, listAuditEntries } from "~/models/audit.server";
import { routeAction } from "~/web/action.server";
import { authorize } from "~/web/authorize.server";
import { requireUser } from "~/web/session.server";
import { saveHeadWebhook } from "./head-webhook.server";
import { saveRetention } from "./retention.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/route-error";

export const meta = () => [{ title: "Audit log · Settings · Content Studio" }];

const NON_MEMBER_ACTORS = [
  { value: "external", label: "Any external reviewer" },
  { value: "agent", label: "Any AI agent" },
  { value: "api-token", label: "Any API token" },
  { value: "system", label: "The system" },
];

const EMPTY: AuditFilter = { actor: "", action: "", object: "", from: null, to: null, page: 1 };

export async function loader({ request }: LoaderFunctionArgs) {
  authorize(await requireUser(request), "audit.view");
  const params = new URL(request.url).searchParams;
  const parsed = parseAuditFilter(params);
  const raw = Object.fromEntries(params);
  const filter = parsed.success ? parsed.data : EMPTY;
  const errors = parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]));
  const [page, members, retentionDays, head, headWebhookUrl] = await Promise.all([
    parsed.success ? listAuditEntries(filter) : Promise.resolve({ rows: [], total: 0, pageSize: AUDIT_PAGE_SIZE }),
    auditMembers(),
    getAuditRetentionDays(),
    chainHead(),
    getAuditHeadWebhookUrl(),
  ]);
  // Who can be chosen: each member (removed ones too), then the actors that are not members, by kind.
  const actors = [
    ...members.map((m) => ({ value: m.id, label: `${m.name || m.email}${m.status === "removed" ? " (removed)" : ""}` })),
    ...NON_MEMBER_ACTORS,
  ];
  const body = {
    filter: parsed.success ? filter : { ...EMPTY, ...raw },
    errors,
    exportQuery: filterQuery(filter),
    rows: page.rows.map((r) => ({ ...r, at: r.at.toISOString() })),
    total: page.total,
    pageSize: page.pageSize,
    actors,
    actions: Object.entries(AUDIT_ACTIONS).map(([value, label]) => ({ value, label })),
    retentionDays,
    head: { seq: head.seq, hash: head.hash, count: head.count, at: head.at?.toISOString() ?? null },
    headWebhookUrl,
  };
  return data(body, { status: parsed.success ? 200 : 400 });
}

export function action(args: ActionFunctionArgs) {
  return routeAction({
    intents: { retention: saveRetention, "head-webhook": saveHeadWebhook },
    unknownIntent: () => "Unknown audit log action.",
  })(args);
}

export default function AuditLog() {
  const page = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-6xl">
      <p className="mb-2 text-sm">
        <Link to="/settings" className="inline-flex min-h-6 items-center text-indigo-700 underline hover:text-indigo-900">
          Settings
        </Link>
      </p>
      <PageHeader
        title="Audit log"
        subtitle="Every change of consequence: who, what, to which object, and when. Rows cannot be edited or removed."
      />
      <div className="space-y-6">
        <AuditFilters
          filter={page.filter}
          errors={page.errors}
          actors={page.actors}
          actions={page.actions}
          exportQuery={page.exportQuery}
        />
        <AuditList rows={page.rows} total={page.total} />
        <AuditPager filter={page.filter as AuditFilter} total={page.total} pageSize={page.pageSize} />
        <ChainHeadCard head={page.head} webhookUrl={page.headWebhookUrl} reply={reply} />
        <RetentionForm days={page.retentionDays} reply={reply} />
      </div>
    </div>
  );
}

import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { Card, PageHeader } from "~/components/ui/card";
import { myWork } from "~/services/my-work.server";
import { requireUser } from "~/web/session.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/route-error";

export const meta = () => [{ title: "My work · Content Studio" }];

// Across every workspace the member belongs to (decision 073): reading writes nothing.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const work = await myWork(user.id);
  return { here: user.workspaceId, ...work, due: work.due.map(({ at, ...d }) => ({ ...d, at: at.toISOString() })) };
}

type Row = { workspaceId: string; workspace: string; id: string; title: string };

/** The item's editor: a link in this workspace, a plain form that switches first in another. */
function Open({ row, here }: { row: Row; here: string }) {
  const to = `/editor?id=${encodeURIComponent(row.id)}`;
  const link = "inline-flex min-h-6 items-center font-medium text-indigo-700 hover:underline";
  if (row.workspaceId === here)
    return (
      <Link to={to} className={link}>
        {row.title}
      </Link>
    );
  return (
    <Form method="post" action="/workspace" className="inline">
      <input type="hidden" name="intent" value="switch" />
      <input type="hidden" name="workspaceId" value={row.workspaceId} />
      <input type="hidden" name="next" value={to} />
      <button type="submit" className={link}>
        {row.title}
        <span className="sr-only"> (switches to {row.workspace})</span>
      </button>
    </Form>
  );
}

function Rows<T extends Row>({ rows, here, empty, detail }: { rows: T[]; here: string; empty: string; detail: (row: T) => string }) {
  if (rows.length === 0) return <p className="text-sm text-slate-500">{empty}</p>;
  return (
    <ul className="divide-y divide-slate-100">
      {rows.map((row, i) => (
        <li
          key={`${row.workspaceId}-${row.id}-${i}`}
          className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2 text-sm"
        >
          <span className="min-w-0 break-words">
            <Open row={row} here={here} />
            <span className="block text-slate-600">{detail(row)}</span>
          </span>
          <span className="rounded bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700" data-testid="row-workspace">
            {row.workspace}
          </span>
        </li>
      ))}
    </ul>
  );
}

export default function MyWorkPage() {
  const { here, approvals, due, failed } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <PageHeader title="My work" subtitle="What waits on you, in every workspace you belong to." />
      <Card title={`Waiting for your approval (${approvals.length})`}>
        <Rows rows={approvals} here={here} empty="Nothing waits for your approval." detail={(r) => r.label} />
      </Card>
      <Card title={`Due this week (${due.length})`}>
        <Rows rows={due} here={here} empty="Nothing of yours goes out in the next 7 days." detail={(r) => `${r.what} · ${r.when}`} />
      </Card>
      <Card title={`Failed posts (${failed.length})`}>
        <Rows
          rows={failed}
          here={here}
          empty="None of your posts failed."
          detail={(r) => `${r.channel}: ${r.status === "missed" ? "missed" : "failed"}${r.reason ? ` · ${r.reason}` : ""}`}
        />
      </Card>
    </div>
  );
}

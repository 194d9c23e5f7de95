// Settings › Approvals (issue 37): an Admin's approval chains. Plain forms: they post without scripts.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ChainForm, ChainList } from "~/components/approvals/chain-settings";
import { PageHeader } from "~/components/ui/card";
import { can } from "~/domain/permissions";
import { listApproverCandidates, listChains } from "~/models/approval.server";
import { routeAction } from "~/web/action.server";
import { requireUser } from "~/web/session.server";
import { addChain, editChain, removeChain } from "./handlers.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/route-error";

export const meta = () => [{ title: "Approvals · Settings · Content Studio" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const [chains, members] = await Promise.all([listChains(), listApproverCandidates()]);
  const canManage = can(user.role, "settings.publishing");
  const editId = new URL(request.url).searchParams.get("edit");
  const editing = canManage && editId ? (chains.find((c) => c.id === editId) ?? null) : null;
  return { chains, members, canManage, editing, editMissing: !!editId && !editing };
}

export function action(args: ActionFunctionArgs) {
  return routeAction({
    intents: { "add-chain": addChain, "edit-chain": editChain, "remove-chain": removeChain },
    unknownIntent: () => "Unknown approvals action.",
  })(args);
}

export default function ApprovalSettings() {
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-3xl">
      <p className="mb-2 text-sm">
        <Link to="/settings" className="inline-flex min-h-6 items-center text-indigo-700 underline hover:text-indigo-900">
          Settings
        </Link>
      </p>
      <PageHeader title="Approval chains" subtitle="Who approves what, in which order, before it goes out" />
      <div className="space-y-6">
        <ChainList chains={data.chains} canManage={data.canManage} reply={reply} />
        {data.editMissing ? (
          <p role="status" className="text-sm text-rose-700">
            That chain no longer exists.
          </p>
        ) : null}
        {data.canManage ? (
          <ChainForm members={data.members} reply={reply} editing={data.editing} />
        ) : (
          <p className="text-sm text-slate-600">Only Admins change approval chains.</p>
        )}
      </div>
    </div>
  );
}

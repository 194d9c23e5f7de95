// Where a network sends the member back after its consent page (the redirect address every
// developer app registers). The only GET that writes: the authorisation code works once, so it is
// traded here or lost. The state must belong to this member's session (decision 042).
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { finishConnect } from "~/services/network-connect.server";
import { authorize } from "~/web/authorize.server";
import { fail } from "~/web/reply.server";
import { requireUser } from "~/web/session.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/route-error";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  authorize(user, "integrations.manage");
  const result = await finishConnect(new URL(request.url), user);
  if (!result.ok) throw fail(result.kind === "conflict" ? "conflict" : "invalid", result.error);
  // Several Pages, Instagram accounts or organisations: the member chooses on the Integrations tab.
  if ("choose" in result) return redirect(`/settings?tab=integrations&choose=${result.network}`);
  return redirect(`/settings?tab=integrations&connected=${result.network}`);
}

export default function NetworkCallback() {
  return null;
}

import { redirect } from "@remix-run/node";
import { safeRedirect } from "~/domain/safe-redirect";
import { membershipsOf } from "~/models/my-work.server";
import { moveSession } from "~/models/session.server";
import { routeAction, type ActionInput } from "~/web/action.server";
import { fail } from "~/web/reply.server";

// POST /workspace: the session works in another workspace the member belongs to (decision 073), then
// goes on to `next` (a path of this studio). A plain form: it works without scripts.
export const loader = () => redirect("/");

async function switchTo({ user, fields }: ActionInput) {
  const place = (await membershipsOf(user.id)).find((p) => p.workspaceId === fields.workspaceId);
  if (!place) return fail("not-found", "You are not a member of that workspace.");
  await moveSession(user.sessionId, place.workspaceId);
  return redirect(safeRedirect(fields.next, "/"));
}

export const action = routeAction({ intents: { switch: switchTo }, resource: true, unknownIntent: () => "Unknown workspace action." });

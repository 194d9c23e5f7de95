// POST /networks/meta/deauthorize: Meta's Deauthorize callback, sent from Meta's servers when a person
// removes the studio's app (issue 36). Signed with the Meta app's secret, not a session, so
// server/same-origin.ts lets it through; a bad signature changes nothing (400).
import type { ActionFunctionArgs } from "@remix-run/node";
import { deauthorizeMeta } from "~/services/meta-callbacks.server";
import { postOnly, signedRequestOf } from "~/web/meta-callback.server";

export const loader = postOnly;

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return postOnly();
  const result = await deauthorizeMeta(await signedRequestOf(request));
  if (!result.ok) return Response.json({ error: result.error }, { status: result.status });
  return Response.json({ ok: true });
}

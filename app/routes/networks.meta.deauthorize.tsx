// POST /networks/meta/deauthorize: Meta's Deauthorize callback, sent from Meta's servers when a person
// removes the studio's app (issue 36). Signed with the Meta app's secret, not a session, so
// server/same-origin.ts lets it through; a bad signature changes nothing (400).
import type { ActionFunctionArgs } from "@remix-run/node";
import { deauthorizeMeta } from "~/services/meta-callbacks.server";
import { signedRequestOf } from "~/web/meta-callback.server";

export async function loader() {
  return new Response("Meta posts here.", { status: 405, headers: { Allow: "POST", "Content-Type": "text/plain" } });
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return loader();
  const result = await deauthorizeMeta(await signedRequestOf(request));
  if (!result.ok) return Response.json({ error: result.error }, { status: result.status });
  return Response.json({ ok: true });
}

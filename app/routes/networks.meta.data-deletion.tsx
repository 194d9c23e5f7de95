// POST /networks/meta/data-deletion: Meta's Data deletion request callback (issue 36). Answers what Meta
// shows the person: `{ url, confirmation_code }`, the url a page that says the deletion is done.
import type { ActionFunctionArgs } from "@remix-run/node";
import { deleteMetaData } from "~/services/meta-callbacks.server";
import { signedRequestOf } from "~/web/meta-callback.server";

export async function loader() {
  return new Response("Meta posts here.", { status: 405, headers: { Allow: "POST", "Content-Type": "text/plain" } });
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return loader();
  const result = await deleteMetaData(await signedRequestOf(request));
  if (!result.ok) return Response.json({ error: result.error }, { status: result.status });
  return Response.json({ url: result.url, confirmation_code: result.confirmationCode });
}

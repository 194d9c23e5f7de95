// POST /networks/meta/data-deletion: Meta's Data deletion request callback (issue 36). Answers what Meta
// shows the person: `{ url, confirmation_code }`, the url a page that says the deletion is done.
import type { ActionFunctionArgs } from "@remix-run/node";
import { deleteMetaData } from "~/services/meta-callbacks.server";
import { postOnly, signedRequestOf } from "~/web/meta-callback.server";

export const loader = postOnly;

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return postOnly();
  const result = await deleteMetaData(await signedRequestOf(request));
  if (!result.ok) return Response.json({ error: result.error }, { status: result.status });
  return Response.json({ url: result.url, confirmation_code: result.confirmationCode });
}

// Meta's and Threads' signed callbacks (issue 36): the signed_request field of the form body, and
// the two answers each app expects.
import { deauthorize, deleteData, type CallingApp } from "~/services/meta-callbacks.server";

const MAX_BYTES = 16 * 1024;

/** The signed_request of a callback's form body; null when there is none (or the body is too long). */
export async function signedRequestOf(request: Request): Promise<string | null> {
  const text = await request.text();
  if (text.length > MAX_BYTES) return null;
  return new URLSearchParams(text).get("signed_request");
}

/** What a GET (or any method but POST) to a Meta callback gets: they are only ever posted to. */
export function postOnly() {
  return new Response("Meta posts here.", { status: 405, headers: { Allow: "POST", "Content-Type": "text/plain" } });
}

/** Deauthorize (Meta) or Uninstall (Threads): the person removed the app. */
export async function answerDeauthorize(caller: CallingApp, request: Request) {
  if (request.method !== "POST") return postOnly();
  const result = await deauthorize(caller, await signedRequestOf(request));
  if (!result.ok) return Response.json({ error: result.error }, { status: result.status });
  return Response.json({ ok: true });
}

/** Data deletion (Meta) or Delete (Threads): answers `{ url, confirmation_code }`, the url a status page. */
export async function answerDataDeletion(caller: CallingApp, request: Request) {
  if (request.method !== "POST") return postOnly();
  const result = await deleteData(caller, await signedRequestOf(request));
  if (!result.ok) return Response.json({ error: result.error }, { status: result.status });
  return Response.json({ url: result.url, confirmation_code: result.confirmationCode });
}

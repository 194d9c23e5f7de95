// The signed_request field of a Meta callback's form body (issue 36); null when there is none.
const MAX_BYTES = 16 * 1024;

export async function signedRequestOf(request: Request): Promise<string | null> {
  const text = await request.text();
  if (text.length > MAX_BYTES) return null;
  return new URLSearchParams(text).get("signed_request");
}

/** What a GET (or any method but POST) to a Meta callback gets: they are only ever posted to. */
export function postOnly() {
  return new Response("Meta posts here.", { status: 405, headers: { Allow: "POST", "Content-Type": "text/plain" } });
}

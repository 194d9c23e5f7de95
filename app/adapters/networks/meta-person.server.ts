// Meta's side of a person removing the studio (issue 36): who connected (GET /me with the user token,
// Meta's app-scoped user id), and the signed_request Meta POSTs to the Deauthorize and Data deletion
// callbacks: `<base64url HMAC-SHA256 of the payload>.<base64url JSON payload>`, signed with the app secret.
import { createHmac, timingSafeEqual } from "node:crypto";
import { graphFetch, graphUrl } from "./graph.server";

/** GET /me?fields=id: the app-scoped id of the person the user token belongs to. */
export async function metaPersonId(userToken: string): Promise<string> {
  const response = await graphFetch("Facebook", `${graphUrl("/me")}?fields=id`, { token: userToken });
  const { id } = (await response.json()) as { id?: unknown };
  if (typeof id !== "string" || !id) throw new Error("Meta did not say who signed in");
  return id;
}

const fromBase64Url = (text: string) => Buffer.from(text, "base64url");
const isBase64Url = (text: string) => /^[A-Za-z0-9_-]+={0,2}$/.test(text);

/**
 * The person's id from a signed_request, or null when it is missing, not signed with this secret
 * (compared in constant time), or names any algorithm but HMAC-SHA256.
 */
export function verifiedSignedRequest(signedRequest: string, appSecret: string): { userId: string } | null {
  const [signature, payload, ...rest] = signedRequest.split(".");
  if (!signature || !payload || rest.length > 0 || !isBase64Url(signature) || !isBase64Url(payload)) return null;
  const expected = createHmac("sha256", appSecret).update(payload).digest();
  const given = fromBase64Url(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let data: unknown;
  try {
    data = JSON.parse(fromBase64Url(payload).toString("utf8"));
  } catch {
    return null;
  }
  const { algorithm, user_id: userId } = (data ?? {}) as { algorithm?: unknown; user_id?: unknown };
  if (typeof algorithm !== "string" || algorithm.toUpperCase() !== "HMAC-SHA256") return null;
  // Meta sends the id as a string; a number could have lost digits past 2^53, so it is refused.
  if (typeof userId !== "string" || !/^\w{1,64}$/.test(userId)) return null;
  return { userId };
}

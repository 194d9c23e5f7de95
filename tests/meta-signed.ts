// A Meta signed_request as Meta's Deauthorize and Data deletion callbacks send it (issue 36):
// `<base64url HMAC-SHA256 of the payload>.<base64url JSON payload>`, signed with the app secret.
import { createHmac } from "node:crypto";
import { ORIGIN } from "./route-helpers";

export const b64 = (value: string | Buffer) => Buffer.from(value).toString("base64url");

export function signedRequest(payload: Record<string, unknown>, secret: string) {
  const body = b64(JSON.stringify(payload));
  return `${b64(createHmac("sha256", secret).update(body).digest())}.${body}`;
}

/** A POST as Meta's servers send it: a form, no Origin of the studio's, no cookie. */
export const fromMeta = (path: string, fields: Record<string, string>) =>
  new Request(`${ORIGIN}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });

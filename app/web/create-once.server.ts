// The handler side of "a retried create never stores twice" (decision 064): the key a form or an API
// call sends, and the one wrapper every create handler goes through.
import { createHash } from "node:crypto";
import { findClaim, withClaim, type Claim } from "~/models/idempotency.server";
import { fail } from "~/web/reply.server";

export const KEY_FIELD = "idempotencyKey";
export const KEY_HEADER = "Idempotency-Key";
const KEY_SHAPE = /^[A-Za-z0-9._:~-]{1,200}$/;
export const KEY_MESSAGE = "The form's key is not valid: reload the page and send it again.";
export const REUSED_MESSAGE = "This key was already used for a different request: reload the page, or send a new key.";

/** The key sent (a form's hidden field, else the header), null without one, or "invalid". */
export function keyOf(request: Request, fields: Record<string, string> = {}): string | null | "invalid" {
  const key = fields[KEY_FIELD] ?? request.headers.get(KEY_HEADER);
  if (key === undefined || key === null || key === "") return null;
  return KEY_SHAPE.test(key) ? key : "invalid";
}

const sha256 = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");

/** A digest of what was asked: the path and every field but the key (a file by its name and bytes). */
export async function fingerprintOf(path: string, form: FormData | string): Promise<string> {
  if (typeof form === "string") return sha256(`${path}\n${form}`);
  const entries = await Promise.all(
    [...form.entries()]
      .filter(([name]) => name !== KEY_FIELD)
      .map(async ([name, v]) => [name, typeof v === "string" ? v : `file:${v.name}:${sha256(Buffer.from(await v.arrayBuffer()))}`]),
  );
  entries.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : 1));
  return sha256(`${path}\n${JSON.stringify(entries)}`);
}

const intentExtra = (intent?: string) => (intent ? { intent } : {});

/** The 400 for a malformed key, and the 409 for a key sent before with another request. */
export const badKey = (intent?: string) => fail("invalid", KEY_MESSAGE, { [KEY_FIELD]: KEY_MESSAGE }, intentExtra(intent));
export const reusedKey = (intent?: string) => fail("conflict", REUSED_MESSAGE, { [KEY_FIELD]: REUSED_MESSAGE }, intentExtra(intent));

/**
 * Runs a create once per claim. A key seen before answers from the row it made (`answer`); a request
 * whose twin committed first (ClaimTaken, the key's primary key, or a refusal) answers likewise; a key first sent with
 * another request gets `reused` (a 409).
 */
export async function once<R, A, U>(claim: Claim, work: () => Promise<R>, answer: (rowId: string) => Promise<A> | A, reused: () => U) {
  const replay = async (prior: { action: string; fingerprint: string; rowId: string }) =>
    prior.action === claim.action && prior.fingerprint === claim.fingerprint ? answer(prior.rowId) : reused();
  const prior = await findClaim(claim.scope, claim.key);
  if (prior) return replay(prior);
  const { outcome, rowId } = await withClaim(claim, work);
  // This request stored its row: its own answer, or its own error (a retry then answers from the row).
  const own = () => {
    if (outcome.ok) return outcome.result;
    throw outcome.error;
  };
  if (rowId) return own();
  const winner = await findClaim(claim.scope, claim.key);
  return winner ? replay(winner) : own();
}

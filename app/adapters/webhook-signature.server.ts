// Webhook signatures: `X-Studio-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`.
// The timestamp is inside the signed text, so a captured request cannot be replayed once it is stale.
// The verifier is what a receiver runs; the studio's own tests and fake receivers use it too.
import { createHmac, timingSafeEqual } from "node:crypto";

/** A receiver refuses a signature more than this far from its own clock (either way). */
export const SIGNATURE_TOLERANCE_S = 5 * 60;

function mac(timestamp: number, body: string, secret: string): string {
  return createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
}

/** The header value for this exact body, signed at `nowMs`. */
export function signBody(body: string, secret: string, nowMs = Date.now()): string {
  const t = Math.floor(nowMs / 1000);
  return `t=${t},v1=${mac(t, body, secret)}`;
}

export type SignatureCheck = { ok: true } | { ok: false; reason: "missing" | "malformed" | "stale" | "mismatch" };

/** Recomputes the HMAC over the raw body, compares in constant time and refuses a stale timestamp. */
export function verifySignature(header: string | null | undefined, body: string, secret: string, nowMs = Date.now()): SignatureCheck {
  if (!header) return { ok: false, reason: "missing" };
  const parts = new Map(header.split(",").map((part) => part.trim().split("=", 2) as [string, string]));
  const t = Number(parts.get("t"));
  const given = parts.get("v1") ?? "";
  if (!/^\d{1,12}$/.test(parts.get("t") ?? "") || !/^[0-9a-f]{64}$/.test(given)) return { ok: false, reason: "malformed" };
  if (Math.abs(nowMs / 1000 - t) > SIGNATURE_TOLERANCE_S) return { ok: false, reason: "stale" };
  const same = timingSafeEqual(Buffer.from(mac(t, body, secret), "hex"), Buffer.from(given, "hex"));
  return same ? { ok: true } : { ok: false, reason: "mismatch" };
}

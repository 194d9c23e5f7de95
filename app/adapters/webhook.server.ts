// The publisher's webhook: one signed POST to a receiver outside the studio. What to send and whether
// it was already delivered is the publish-delivery service's business (decision 009).
import { createHmac } from "node:crypto";

export const WEBHOOK_TIMEOUT_MS = 5000;

/** HMAC-SHA256 of the exact body, hex: what a receiver recomputes with the shared secret. */
export function signBody(body: string, secret: string): string {
  return `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
}

export interface WebhookPost {
  name: string;
  url: string;
  secret: string | null;
  body: string;
  /** Sent as X-Studio-Delivery, so a receiver can drop a repeat. */
  deliveryKey: string;
}

/** POSTs the body; returns the 2xx status, or throws a message fit for the step's log. */
export async function postWebhook(post: WebhookPost, fetchImpl: typeof fetch = fetch): Promise<number> {
  const headers: Record<string, string> = { "Content-Type": "application/json", "X-Studio-Delivery": post.deliveryKey };
  if (post.secret) headers["X-Studio-Signature"] = signBody(post.body, post.secret);
  let status: number;
  try {
    const response = await fetchImpl(post.url, {
      method: "POST",
      body: post.body,
      headers,
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    });
    status = response.status;
  } catch (error) {
    throw new Error(`${post.name} webhook at ${new URL(post.url).host} could not be reached (${reason(error)})`);
  }
  if (status < 200 || status >= 300) throw new Error(`${post.name} webhook answered HTTP ${status}`);
  return status;
}

function reason(error: unknown): string {
  const cause = (error as { cause?: { code?: string } })?.cause?.code;
  if (cause) return cause;
  return error instanceof Error ? (error.name === "TimeoutError" ? "timed out" : error.message) : String(error);
}

// A channel's webhook: one signed POST to a receiver outside the studio. What to send and whether
// it was already delivered is the channel-delivery service's business (decisions 020, 055).
import { signBody } from "./webhook-signature.server";
import { OutboundError, outbound, refusalOf } from "~/adapters/outbound-fetch.server";
import { NetworkError } from "~/adapters/networks/network-http.server";

export const WEBHOOK_TIMEOUT_MS = 5000;

export interface WebhookPost {
  name: string;
  url: string;
  secret: string | null;
  body: string;
  /** Sent as X-Studio-Delivery, so a receiver can drop a repeat. */
  deliveryKey: string;
}

export interface WebhookAnswer {
  status: number;
  /** The receiver's post id and address, when it answers JSON with `id` (and `url`). */
  posted: { id: string; url: string | null } | null;
}

/** POSTs the body; returns the 2xx status and what the receiver said it posted, or throws a message fit for the log. */
export async function postWebhook(post: WebhookPost): Promise<WebhookAnswer> {
  const headers: Record<string, string> = { "Content-Type": "application/json", "X-Studio-Delivery": post.deliveryKey };
  if (post.secret) headers["X-Studio-Signature"] = signBody(post.body, post.secret);
  let status: number;
  let response: Response;
  try {
    response = await outbound()(post.url, {
      method: "POST",
      body: post.body,
      headers,
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    });
    status = response.status;
  } catch (error) {
    const refused = refusalOf(error);
    if (refused) throw new NetworkError({ kind: "rejected", message: `${post.name} webhook: ${refused.message}` });
    throw new Error(`${post.name} webhook at ${new URL(post.url).host} could not be reached (${reason(error)})`);
  }
  if (status < 200 || status >= 300) throw new Error(`${post.name} webhook answered HTTP ${status}`);
  return { status, posted: postedOf(await response.json().catch(() => null)) };
}

function postedOf(answer: unknown): WebhookAnswer["posted"] {
  if (!answer || typeof answer !== "object") return null;
  const { id, url } = answer as { id?: unknown; url?: unknown };
  if ((typeof id !== "string" && typeof id !== "number") || String(id).length > 200) return null;
  return { id: String(id), url: typeof url === "string" && /^https?:\/\//i.test(url) ? url.slice(0, 2000) : null };
}

function reason(error: unknown): string {
  if (error instanceof OutboundError) return error.reason;
  const cause = (error as { cause?: { code?: string } })?.cause?.code;
  if (cause) return cause;
  return error instanceof Error ? (error.name === "TimeoutError" ? "timed out" : error.message) : String(error);
}

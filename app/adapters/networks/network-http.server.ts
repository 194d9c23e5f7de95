// One way to call a network's API: a bearer token, a timeout, and any refusal turned into a
// NetworkError of one of the shared kinds (domain/channels/network-errors).
import { classifyNetworkReply, unreachable, type NetworkFailure } from "~/domain/channels/network-errors";
import { OutboundError, outbound, refusalOf } from "~/adapters/outbound-fetch.server";

export const NETWORK_TIMEOUT_MS = 10_000;

export class NetworkError extends Error {
  /** The network said the access token ran out (Bluesky's ExpiredToken): renew it before the next try. */
  tokenExpired = false;
  /** The network's error code from its body, where it gives one (Bluesky's "ExpiredToken"). */
  code: string | null = null;
  /** The network's own words, without the studio's framing ("refused the post: …"). */
  said: string | null = null;
  /** The HTTP status of a refusal; null when no answer came. */
  status: number | null = null;
  /** The token works but lacks a permission this call needs (Meta's codes 10 and 200–299). */
  lacksPermission = false;
  constructor(readonly failure: NetworkFailure) {
    super(failure.message);
  }
}

/** The network's own words from an error body: X's detail/title, LinkedIn's and Bluesky's message, Mastodon's error, OAuth's error_description. */
function messageOf(body: unknown): string | null {
  if (!body || typeof body !== "object") return null;
  const b = body as Record<string, unknown>;
  const first = Array.isArray(b.errors) ? (b.errors[0] as Record<string, unknown> | undefined) : undefined;
  const said = b.detail ?? b.message ?? b.error_description ?? first?.message ?? b.title ?? b.error;
  return typeof said === "string" ? said.slice(0, 300) : null;
}

const numberHeader = (response: Response, name: string) => {
  const value = Number(response.headers.get(name));
  return response.headers.has(name) && Number.isFinite(value) ? value : null;
};

/**
 * When the network's limit resets, in epoch seconds: X sends epoch seconds (x-rate-limit-reset),
 * Mastodon an ISO 8601 time (X-RateLimit-Reset), Bluesky epoch seconds (ratelimit-reset). A small
 * number is read as seconds from now, as the IETF draft has it.
 */
export function resetEpochSeconds(headers: Headers, now: Date): number | null {
  for (const name of ["x-rate-limit-reset", "x-ratelimit-reset", "ratelimit-reset"]) {
    const raw = headers.get(name)?.trim();
    if (!raw) continue;
    const value = Number(raw);
    if (Number.isFinite(value)) return value >= 1e9 ? value : Math.floor(now.getTime() / 1000) + value;
    const at = Date.parse(raw);
    if (Number.isFinite(at)) return Math.ceil(at / 1000);
  }
  return null;
}

/** A network's own reading of a refusal (Meta's error codes); null leaves it to the HTTP status. */
export type RefusalReader = (response: Response, body: unknown, now: Date) => NetworkError | null;

export async function networkFetch(
  network: string,
  url: string,
  init: RequestInit & { token: string | null; refusal?: RefusalReader },
  now = new Date(),
): Promise<Response> {
  const { token, headers, refusal: readRefusal, ...rest } = init;
  let response: Response;
  try {
    response = await outbound()(url, {
      ...rest,
      headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...headers },
      signal: AbortSignal.timeout(NETWORK_TIMEOUT_MS),
    });
  } catch (error) {
    // Retrying will not help: the address is the Admin's to change.
    const refused = refusalOf(error);
    if (refused) throw new NetworkError({ kind: "rejected", message: `${network}: ${refused.message}` });
    if (error instanceof OutboundError) throw new NetworkError(unreachable(network, error.reason));
    const code = (error as { cause?: { code?: string } })?.cause?.code;
    throw new NetworkError(unreachable(network, code ?? (error instanceof Error ? error.name : "no answer")));
  }
  if (response.ok) return response;
  const body = await response.json().catch(() => null);
  const own = readRefusal?.(response, body, now);
  if (own) throw own;
  const refusal = new NetworkError(
    classifyNetworkReply(
      network,
      {
        status: response.status,
        message: messageOf(body),
        retryAfterSeconds: numberHeader(response, "retry-after"),
        resetEpochSeconds: resetEpochSeconds(response.headers, now),
      },
      now,
    ),
  );
  const code = (body as { error?: unknown } | null)?.error;
  refusal.code = typeof code === "string" ? code : null;
  refusal.said = messageOf(body);
  refusal.status = response.status;
  throw refusal;
}

/** `items` in slices of `size` (a network's largest batch of ids). */
export function chunked<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** A count from a network's answer: a whole number from 0 up to Number.MAX_SAFE_INTEGER, else null (not given; decision 063). */
export const countOf = (value: unknown): number | null =>
  typeof value === "number" && value >= 0 && Number.isSafeInteger(Math.floor(value)) ? Math.floor(value) : null;

/**
 * The earliest time a lookup before a retry reads from: the post's queued time less five minutes, so
 * a network clock a little behind the studio's still shows the post an earlier try made.
 */
export const lookBackFrom = (queuedAt: Date) => new Date(queuedAt.getTime() - 5 * 60_000);

/** The text a network shows is the text the studio sent: compared in one Unicode form, line ends and outer spaces aside. */
export const sameText = (shown: string, sent: string) => {
  const plain = (text: string) => text.normalize("NFC").replace(/\r\n?/g, "\n").trim();
  return plain(shown) === plain(sent);
};

// One set of kinds for every network's refusal (decision 042), so delivery treats them alike:
// rate limited (retry at the network's reset time), needs reconnecting, rejected (the network's own
// message, shown to the member, no retry) and temporary (retry with backoff).
export type NetworkFailure =
  | { kind: "rate-limited"; message: string; retryAt: Date }
  | { kind: "reconnect"; message: string }
  | { kind: "rejected"; message: string }
  | { kind: "temporary"; message: string };

export interface NetworkReply {
  status: number;
  /** The network's own words, from its error body, if any. */
  message: string | null;
  /** Retry-After (seconds) or an epoch-seconds reset header (X's x-rate-limit-reset). */
  retryAfterSeconds: number | null;
  resetEpochSeconds: number | null;
}

const FALLBACK_WAIT_MS = 15 * 60_000;

export function classifyNetworkReply(network: string, reply: NetworkReply, now: Date): NetworkFailure {
  const said = reply.message ? `: ${reply.message}` : "";
  if (reply.status === 429) {
    const at = reply.resetEpochSeconds
      ? new Date(reply.resetEpochSeconds * 1000)
      : new Date(now.getTime() + (reply.retryAfterSeconds !== null ? reply.retryAfterSeconds * 1000 : FALLBACK_WAIT_MS));
    const retryAt = at.getTime() > now.getTime() ? at : new Date(now.getTime() + 1000);
    return { kind: "rate-limited", message: `${network} is limiting posts; trying again at ${retryAt.toISOString()}`, retryAt };
  }
  if (reply.status === 401) return { kind: "reconnect", message: `${network} no longer accepts the studio's access${said}` };
  if (reply.status >= 400 && reply.status < 500 && reply.status !== 408)
    return { kind: "rejected", message: `${network} refused the post${said || ` (HTTP ${reply.status})`}` };
  return { kind: "temporary", message: `${network} answered HTTP ${reply.status}${said}` };
}

/** A request that never got an answer (refused, timed out): try again later. */
export const unreachable = (network: string, reason: string): NetworkFailure => ({
  kind: "temporary",
  message: `${network} could not be reached (${reason})`,
});

/** Meta's Graph API error body (Facebook, Instagram, Threads): `{ error: { code, error_subcode, message } }`. */
export interface GraphError {
  status: number;
  code: number | null;
  subcode: number | null;
  message: string | null;
}

const noHeaders = { message: null, retryAfterSeconds: null, resetEpochSeconds: null };

/** Meta's codes for "too many calls" (app, user, page, custom-rate and business use case limits). */
const GRAPH_RATE_LIMITS = new Set([4, 17, 32, 613, 80001, 80002, 80004, 80005, 80006, 80008, 80014]);
/** Meta's "the media is not ready yet" for a container published too early: try again shortly. */
const GRAPH_NOT_READY = new Set([9007, 2207027]);

/**
 * Meta answers most refusals with HTTP 400 and says what it means in the code: 190 (the token is
 * invalid or expired) and the permission codes (10, 200–299) need a person to reconnect; the rate
 * limit codes wait (Meta names no reset time: the fallback wait); 1, 2 and "not ready" are temporary;
 * anything else (100, invalid parameter, and the rest) is refused with Meta's own words.
 */
export function classifyGraphError(network: string, e: GraphError, now: Date, waitSeconds: number | null = null): NetworkFailure {
  const said = e.message ? `: ${e.message}` : "";
  const code = e.code;
  if (code !== null && GRAPH_RATE_LIMITS.has(code))
    return classifyNetworkReply(network, { ...noHeaders, status: 429, retryAfterSeconds: waitSeconds }, now);
  if (code === 190 || code === 102 || code === 10 || (code !== null && code >= 200 && code < 300))
    return { kind: "reconnect", message: `${network} no longer accepts the studio's access${said}` };
  if (code === 1 || code === 2 || (e.subcode !== null && GRAPH_NOT_READY.has(e.subcode)) || (code !== null && GRAPH_NOT_READY.has(code)))
    return { kind: "temporary", message: `${network} could not take the post yet${said}` };
  if (code === null) return classifyNetworkReply(network, { ...noHeaders, status: e.status, message: e.message }, now);
  return { kind: "rejected", message: `${network} refused the post${said}` };
}

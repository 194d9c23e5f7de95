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

/** Sign-in throttling: too many recent failures for one account or one address blocks further attempts. */
export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
export const ACCOUNT_FAILURE_LIMIT = 5;
export const ADDRESS_FAILURE_LIMIT = 20;

export type ThrottleVerdict = { blocked: false } | { blocked: true; scope: "account" | "address"; retryAfterSec: number };

/** When enough of the oldest failures have left the window for the count to fall below the limit. */
function unblockAt(failures: Date[], limit: number, now: Date): number | null {
  const recent = failures
    .map((d) => d.getTime())
    .filter((t) => t > now.getTime() - THROTTLE_WINDOW_MS && t <= now.getTime())
    .sort((a, b) => a - b);
  if (recent.length < limit) return null;
  return recent[recent.length - limit] + THROTTLE_WINDOW_MS;
}

export function throttleVerdict(input: { accountFailures: Date[]; addressFailures: Date[]; now: Date }): ThrottleVerdict {
  const account = unblockAt(input.accountFailures, ACCOUNT_FAILURE_LIMIT, input.now);
  const address = unblockAt(input.addressFailures, ADDRESS_FAILURE_LIMIT, input.now);
  if (account === null && address === null) return { blocked: false };
  const scope = account !== null && (address === null || account >= address) ? "account" : "address";
  const until = Math.max(account ?? 0, address ?? 0);
  return { blocked: true, scope, retryAfterSec: Math.max(1, Math.ceil((until - input.now.getTime()) / 1000)) };
}

export function throttleMessage(verdict: Extract<ThrottleVerdict, { blocked: true }>): string {
  const minutes = Math.ceil(verdict.retryAfterSec / 60);
  const wait = minutes <= 1 ? "a minute" : `${minutes} minutes`;
  const who = verdict.scope === "account" ? "this account" : "this network address";
  return `Too many failed sign-in attempts for ${who}. Try again in ${wait}.`;
}

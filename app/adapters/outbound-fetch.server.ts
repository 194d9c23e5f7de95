// Requests to addresses an Admin typed (webhooks, Mastodon instances, Bluesky services) are checked
// again where each connection actually goes, not only when the address was saved: a name that later
// resolves to a private address (DNS rebinding), or a redirect, cannot reach the studio's own network.
// The networks' bases the operator set (NETWORK_*_URL, endpoints.server.ts) are trusted as they are.
import dns, { type LookupAddress, type LookupOptions } from "node:dns";
import { isIP } from "node:net";
import { Agent } from "undici";
import { blueskyDefaultService, networkBases } from "./networks/endpoints.server";
import { isPrivateAddress, privateTargetsAllowed } from "./networks/target-address.server";

export class PrivateTargetError extends Error {
  readonly code = "EPRIVATE";
  constructor(host: string) {
    super(`${host} is a private or local address; the studio does not connect to those`);
  }
}

/** The refusal behind a failed fetch, if that is why it failed. */
export const privateTargetOf = (error: unknown): PrivateTargetError | null => {
  const cause = (error as { cause?: unknown })?.cause;
  return cause instanceof PrivateTargetError ? cause : null;
};

type LookupCallback = (error: Error | null, address: string | LookupAddress[], family?: number) => void;

/** dns.lookup that refuses a name when any address it resolves to is private. */
export function guardedLookup(isPrivate: (address: string) => boolean = isPrivateAddress) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      if (addresses.length === 0 || addresses.some((a) => isPrivate(a.address))) return callback(new PrivateTargetError(hostname), []);
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

/** A fetch whose connections pass `isPrivate`'s check; redirects are not followed (a 3xx is the answer). */
export function guardedFetch(isPrivate: (address: string) => boolean = isPrivateAddress): typeof fetch {
  const dispatcher = new Agent({ connect: { lookup: guardedLookup(isPrivate) } });
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const host = url.hostname.replace(/^\[|\]$/g, "");
    // An address written as an IP makes no lookup: check it here.
    if (isIP(host) && isPrivate(host)) throw new TypeError("fetch failed", { cause: new PrivateTargetError(host) });
    return fetch(input, { ...init, redirect: "manual", dispatcher } as RequestInit);
  };
}

const checked = guardedFetch();

function operatorOrigins(): Set<string> {
  const bases = (["twitter", "linkedin", "meta", "threads"] as const).flatMap((n) => Object.values(networkBases(n)));
  if (process.env.NETWORK_BLUESKY_SERVICE_URL) bases.push(blueskyDefaultService());
  return new Set(bases.map((b) => new URL(b).origin));
}

/** The studio's default fetch for everything it sends out (deliveries, connections, figures). */
export const outboundFetch: typeof fetch = (input, init) => {
  if (privateTargetsAllowed()) return fetch(input, init);
  const origin = new URL(input instanceof Request ? input.url : String(input)).origin;
  return operatorOrigins().has(origin) ? fetch(input, init) : checked(input, init);
};

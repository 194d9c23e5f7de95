// The one client for every request the studio sends out (the model, Ollama, webhooks, networks,
// Mastodon and Bluesky instances, media). An address a person typed is checked again where each
// connection actually goes, not only when it was saved: a name that later resolves to a private
// address (DNS rebinding), or a redirect, cannot reach the studio's own network. The addresses the
// operator set in the environment (NETWORK_*_URL, AI_BASE_URL, OLLAMA_HOST) are trusted as they are.
// Every failure becomes an OutboundError naming what a person can act on; no other module calls fetch.
import { AsyncLocalStorage } from "node:async_hooks";
import dns, { type LookupAddress, type LookupOptions } from "node:dns";
import { isIP } from "node:net";
import { Agent } from "undici";
import { ollamaHost } from "~/domain/assistant/ollama-host";
import { blueskyDefaultService, networkBases } from "./networks/endpoints.server";
import { privateTargetsAllowed } from "./networks/target-address.server";
import { isPrivateAddress } from "./special-use-addresses.server";

export type OutboundFailure = "private" | "bad-port" | "invalid" | "dns" | "refused" | "timeout" | "tls" | "unreachable";

/** Why a request failed, in words fit for the person who typed the address; no upstream status or body. */
export class OutboundError extends Error {
  constructor(
    readonly kind: OutboundFailure,
    message: string,
    /** The system's short code (ECONNREFUSED, CERT_HAS_EXPIRED…), when there is one. */
    readonly code: string | null = null,
    options?: ErrorOptions,
    /** The cause without the host, for a message that names the host itself. */
    readonly detail: string = message,
  ) {
    super(message, options);
  }
  /** Trying again will not help: the address is the person's to change. */
  get permanent() {
    return this.kind === "private" || this.kind === "bad-port" || this.kind === "invalid";
  }
  /** What goes in "could not be reached (…)": the code where it says enough, else the whole cause. */
  get reason() {
    return (this.kind === "refused" || this.kind === "unreachable") && this.code ? this.code : this.detail;
  }
}

export class PrivateTargetError extends Error {
  readonly code = "EPRIVATE";
  constructor(host: string) {
    super(`${host} is a private or local address; the studio does not connect to those`);
  }
}

/** The refusal behind a failed request when the address itself is the cause (private, a refused port, not an address). */
export const refusalOf = (error: unknown): OutboundError | null => (error instanceof OutboundError && error.permanent ? error : null);

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

const TLS_CODE = /^(CERT_|ERR_TLS|ERR_SSL|UNABLE_TO_|DEPTH_ZERO|SELF_SIGNED|HOSTNAME_MISMATCH|ERR_CERT)/;

/** A failed fetch, named by its cause. Aborts and timeouts of the caller's own signal pass through unchanged. */
function classify(error: unknown, url: URL): unknown {
  if (!(error instanceof TypeError)) return error;
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  if (cause instanceof PrivateTargetError) return new OutboundError("private", cause.message, cause.code, { cause });
  if (cause?.message === "bad port")
    return new OutboundError(
      "bad-port",
      `${url.host} uses port ${url.port}, which Node's fetch refuses to connect to (a blocked port of the fetch standard); use another port`,
      "EBADPORT",
      { cause },
    );
  const code = cause?.code ?? null;
  const failure = (kind: OutboundFailure, detail: string) => new OutboundError(kind, `${url.host}: ${detail}`, code, { cause }, detail);
  if (code === "ENOTFOUND" || code === "EAI_AGAIN" || code === "EAI_NONAME")
    return failure("dns", `the name was not found in DNS, ${code}; check the address`);
  if (code === "ECONNREFUSED") return failure("refused", `the connection was refused, ${code}`);
  if (code === "ETIMEDOUT" || code === "UND_ERR_CONNECT_TIMEOUT" || code === "UND_ERR_HEADERS_TIMEOUT")
    return failure("timeout", `no answer in time, ${code}`);
  if (code && TLS_CODE.test(code)) return failure("tls", `its TLS certificate is not accepted, ${code}`);
  return failure("unreachable", `no connection, ${code ?? cause?.message ?? error.message}`);
}

const urlOf = (input: Parameters<typeof fetch>[0]) => (input instanceof Request ? input.url : String(input));

/** A fetch through this client; `guard` says whether this request's connections are checked. */
function client(guard: (url: URL) => boolean, isPrivate: (address: string) => boolean = isPrivateAddress): typeof fetch {
  const dispatcher = new Agent({ connect: { lookup: guardedLookup(isPrivate) } });
  return async (input, init) => {
    let url: URL;
    try {
      url = new URL(urlOf(input));
    } catch {
      throw new OutboundError("invalid", `${urlOf(input).slice(0, 200)} is not a web address`);
    }
    const checked = guard(url);
    // An address written as an IP makes no lookup: check it here.
    const host = url.hostname.replace(/^\[|\]$/g, "");
    if (checked && isIP(host) && isPrivate(host)) {
      const cause = new PrivateTargetError(url.hostname);
      throw new OutboundError("private", cause.message, cause.code, { cause });
    }
    try {
      return await fetch(input, checked ? ({ ...init, redirect: "manual", dispatcher } as RequestInit) : init);
    } catch (error) {
      throw classify(error, url);
    }
  };
}

/** A fetch whose every connection passes `isPrivate`'s check; redirects are not followed (a 3xx is the answer). */
export const guardedFetch = (isPrivate: (address: string) => boolean = isPrivateAddress) => client(() => true, isPrivate);

function operatorOrigins(): Set<string> {
  const bases = (["twitter", "linkedin", "meta", "threads"] as const).flatMap((n) => Object.values(networkBases(n)));
  if (process.env.NETWORK_BLUESKY_SERVICE_URL) bases.push(blueskyDefaultService());
  if (process.env.AI_BASE_URL) bases.push(process.env.AI_BASE_URL);
  if (process.env.OLLAMA_HOST) bases.push(ollamaHost(process.env));
  return new Set(bases.flatMap((b) => (URL.canParse(b) ? [new URL(b).origin] : [])));
}

const typedByAPerson = (url: URL) => !privateTargetsAllowed() && !operatorOrigins().has(url.origin);

/** The studio's fetch for everything it sends out: a typed address on a private network is refused. */
export const outboundFetch: typeof fetch = client(typedByAPerson);

/** For a model server an Admin allowed on a local or private address (Settings › AI Agents): the same client, unguarded. */
const localModelFetch: typeof fetch = client(() => false);

/** A test's stand-in for the client, for the calls made inside withOutbound (decision 072). */
const standIn = new AsyncLocalStorage<typeof fetch>();

/** The client every adapter and service sends through; nothing takes a fetch as a parameter (decision 072). */
export const outbound = (): typeof fetch => standIn.getStore() ?? outboundFetch;

/** The fetch for the model server and Ollama: local addresses only where an Admin allowed them. */
export const modelFetch = (localAllowed: boolean | undefined): typeof fetch =>
  standIn.getStore() ?? (localAllowed ? localModelFetch : outboundFetch);

/**
 * Tests only: every request `run` sends (and whatever it starts) goes to `fake` instead, until it
 * settles; other calls running at the same time keep the guarded client. A fake that passes a
 * request on calls outboundFetch, so the guard still judges it. Refused in production.
 */
export function withOutbound<T>(fake: typeof fetch, run: () => Promise<T>): Promise<T> {
  if (process.env.NODE_ENV === "production") throw new Error("withOutbound is a test seam; production sends through the guarded client");
  return standIn.run(fake, run);
}

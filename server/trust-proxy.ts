// Which forwarded headers count (TRUST_PROXY), the same in the front process and the app behind it
// (decision 028). Unset trusts nobody; otherwise express's value ("1", "loopback", "10.0.0.0/8", …).
import express from "express";

/** express's compiled form of its `trust proxy` setting: is the address `hops` steps from us a proxy we trust? */
export type TrustProxy = (address: string | undefined, hops: number) => boolean;

export function trustSetting(value = process.env.TRUST_PROXY): number | string | undefined {
  if (!value) return undefined;
  return /^\d+$/.test(value) ? Number(value) : value;
}

export function compileTrust(setting: number | string | undefined): TrustProxy {
  const probe = express();
  probe.set("trust proxy", setting ?? false);
  return probe.get("trust proxy fn") as TrustProxy;
}

/**
 * For the app behind the front: the front (the nearest hop, on a private socket) is always trusted,
 * and from the front's client on, the setting applies as it would with no front at all. The front
 * appends its client's address to X-Forwarded-For and drops X-Forwarded-Proto/-Host unless that
 * client is itself trusted (`forwardedHeaders`).
 */
export function behindFront(trust: TrustProxy): TrustProxy {
  return (address, hops) => hops === 0 || trust(address, hops - 1);
}

/** The front's headers for the app, in place of the client's own forwarding headers. */
export function forwardedHeaders(
  headers: Record<string, string | string[] | undefined>,
  peer: string | undefined,
  trust: TrustProxy,
): Record<string, string | string[] | undefined> {
  const out = { ...headers };
  if (!trust(peer, 0)) {
    delete out["x-forwarded-proto"];
    delete out["x-forwarded-host"];
  }
  const chain = [out["x-forwarded-for"]].flat().filter(Boolean).join(", ");
  out["x-forwarded-for"] = chain ? `${chain}, ${peer ?? ""}` : (peer ?? "");
  return out;
}

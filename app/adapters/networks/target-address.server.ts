// An address an Admin types (a Mastodon instance, a Bluesky service, a webhook) must not turn the studio into a
// way to reach its own network: one that resolves to loopback, private, link-local or unique-local
// and other special-use ranges (special-use-addresses.server.ts) is refused unless
// STUDIO_ALLOW_PRIVATE_TARGETS=1 (tests, LAN installs).
import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import { isPrivateAddress } from "~/adapters/special-use-addresses.server";

export { isPrivateAddress };

export const privateTargetsAllowed = () => process.env.STUDIO_ALLOW_PRIVATE_TARGETS === "1";

/** Every address a host name resolves to (dns.lookup by default; tests pass their own). */
export type Resolve = (host: string) => Promise<{ address: string }[]>;
const resolveAll: Resolve = (host) => lookup(host, { all: true });

export type TargetCheck = { ok: true; url: string } | { ok: false; error: string };

/**
 * "mastodon.social" or "https://mastodon.social/" → "https://mastodon.social" (its origin), after
 * checking where it resolves. Plain http only where private targets are allowed.
 */
export async function checkTargetAddress(typed: string, resolve: Resolve = resolveAll): Promise<TargetCheck> {
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(typed) ? typed : `https://${typed}`);
  } catch {
    return { ok: false, error: "Enter an address like mastodon.social or https://mastodon.social." };
  }
  const allowed = privateTargetsAllowed();
  if (url.protocol !== "https:" && !(allowed && url.protocol === "http:"))
    return { ok: false, error: "The address must start with https://." };
  if (url.username || url.password) return { ok: false, error: "Leave the user name and password out of the address." };
  if (allowed) return { ok: true, url: url.origin };
  const refusal = await privateHostRefusal(url, resolve);
  return refusal ? { ok: false, error: refusal } : { ok: true, url: url.origin };
}

/**
 * A webhook URL (already a valid http(s) URL by its form's schema), kept whole: its path and query
 * are the receiver's. Refused when it resolves to a private or local address, as above.
 */
export async function checkWebhookUrl(typed: string, resolve: Resolve = resolveAll): Promise<TargetCheck> {
  const url = new URL(typed);
  if (url.username || url.password) return { ok: false, error: "Leave the user name and password out of the address." };
  if (privateTargetsAllowed()) return { ok: true, url: typed };
  const refusal = await privateHostRefusal(url, resolve);
  return refusal ? { ok: false, error: refusal } : { ok: true, url: typed };
}

async function privateHostRefusal(url: URL, resolve: Resolve): Promise<string | null> {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : (await resolve(host)).map((a) => a.address);
  } catch {
    return `${url.hostname} could not be found. Check the address.`;
  }
  if (addresses.length === 0 || addresses.some(isPrivateAddress))
    return `${url.hostname} is a private or local address; the studio does not connect to those.`;
  return null;
}

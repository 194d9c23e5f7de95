// Where each network lives. Every base is a setting (decisions 042, 045), so tests and a team's proxy
// point them elsewhere: NETWORK_<NAME>_AUTH_URL is the site the member signs in on, NETWORK_<NAME>_API_URL its API.
// Mastodon lives on the instance the Admin types; Bluesky on a service (the main one unless set).
// Facebook and Instagram live on Meta's Graph API (NETWORK_META_*), Threads on its own (NETWORK_THREADS_*).
export type NativeNetwork = "twitter" | "linkedin" | "mastodon" | "bluesky" | "facebook" | "instagram" | "threads";
export const NATIVE_NETWORKS: NativeNetwork[] = ["twitter", "linkedin", "mastodon", "bluesky", "facebook", "instagram", "threads"];
export const isNativeNetwork = (id: string): id is NativeNetwork => (NATIVE_NETWORKS as string[]).includes(id);

/** Whose developer app a network connects with: Facebook and Instagram share the one Meta app, saved as Facebook's. */
export const appNetworkOf = (network: NativeNetwork): NativeNetwork => (network === "instagram" ? "facebook" : network);

type FixedNetwork = "twitter" | "linkedin" | "meta" | "threads";
const DEFAULTS: Record<FixedNetwork, { auth: string; api: string }> = {
  twitter: { auth: "https://x.com", api: "https://api.x.com" },
  linkedin: { auth: "https://www.linkedin.com", api: "https://api.linkedin.com" },
  meta: { auth: "https://www.facebook.com", api: "https://graph.facebook.com" },
  threads: { auth: "https://threads.net", api: "https://graph.threads.net" },
};

const ENV_NAME: Record<FixedNetwork, string> = { twitter: "X", linkedin: "LINKEDIN", meta: "META", threads: "THREADS" };

export const trimmed = (url: string) => url.replace(/\/+$/, "");

export function networkBases(network: FixedNetwork): { auth: string; api: string } {
  const env = ENV_NAME[network];
  return {
    auth: trimmed(process.env[`NETWORK_${env}_AUTH_URL`]?.trim() || DEFAULTS[network].auth),
    api: trimmed(process.env[`NETWORK_${env}_API_URL`]?.trim() || DEFAULTS[network].api),
  };
}

/** The Bluesky service the connect form starts with, and the site post addresses point to. */
export const blueskyDefaultService = () => trimmed(process.env.NETWORK_BLUESKY_SERVICE_URL?.trim() || "https://bsky.social");
export const blueskyWebBase = () => trimmed(process.env.NETWORK_BLUESKY_WEB_URL?.trim() || "https://bsky.app");

/** The one address every network sends the member back to (register it in each developer app). */
export const CALLBACK_PATH = "/settings/networks/callback";

// Mastodon's consent page is on the instance the team registered on, known only at run time: the
// service that registers it (and the server at start) tells this module, so CSP's form-action allows it.
let mastodonOrigin: string | null = null;
export function allowMastodonConsent(instance: string | null) {
  mastodonOrigin = instance ? new URL(instance).origin : null;
}

/** The consent pages' origins: Connect is a form post that redirects there, so CSP's form-action must allow them. */
export const consentOrigins = () => [
  ...(["twitter", "linkedin", "meta", "threads"] as const).map((n) => new URL(networkBases(n).auth).origin),
  ...(mastodonOrigin ? [mastodonOrigin] : []),
];

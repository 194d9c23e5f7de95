// Where each network lives. Every base is a setting (decision 042), so tests and a team's proxy
// point them elsewhere: NETWORK_<NAME>_AUTH_URL is the site the member signs in on, NETWORK_<NAME>_API_URL its API.
export type NativeNetwork = "twitter" | "linkedin";
export const NATIVE_NETWORKS: NativeNetwork[] = ["twitter", "linkedin"];
export const isNativeNetwork = (id: string): id is NativeNetwork => (NATIVE_NETWORKS as string[]).includes(id);

const DEFAULTS: Record<NativeNetwork, { auth: string; api: string }> = {
  twitter: { auth: "https://x.com", api: "https://api.x.com" },
  linkedin: { auth: "https://www.linkedin.com", api: "https://api.linkedin.com" },
};

const ENV_NAME: Record<NativeNetwork, string> = { twitter: "X", linkedin: "LINKEDIN" };

const trimmed = (url: string) => url.replace(/\/+$/, "");

export function networkBases(network: NativeNetwork): { auth: string; api: string } {
  const env = ENV_NAME[network];
  return {
    auth: trimmed(process.env[`NETWORK_${env}_AUTH_URL`]?.trim() || DEFAULTS[network].auth),
    api: trimmed(process.env[`NETWORK_${env}_API_URL`]?.trim() || DEFAULTS[network].api),
  };
}

/** The one address every network sends the member back to (register it in each developer app). */
export const CALLBACK_PATH = "/settings/networks/callback";

/** The consent pages' origins: Connect is a form post that redirects there, so CSP's form-action must allow them. */
export const consentOrigins = () => NATIVE_NETWORKS.map((n) => new URL(networkBases(n).auth).origin);

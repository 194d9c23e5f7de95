const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Whether a request may change state: safe methods always; others only when their
 * Origin (or, lacking one, Referer) is this site. Browsers send Origin on every POST.
 */
export function isAllowedOrigin({
  method,
  origin,
  referer,
  host,
}: {
  method: string;
  origin?: string;
  referer?: string;
  host?: string;
}): boolean {
  if (SAFE_METHODS.has(method.toUpperCase())) return true;
  const source = origin && origin !== "null" ? origin : referer;
  if (!source || !host) return false;
  try {
    return new URL(source).host === host;
  } catch {
    return false;
  }
}

/**
 * Paths authenticated by a bearer token and never by the session cookie (the metrics API): a
 * cross-site page cannot make a browser send the token, so the same-origin check does not apply,
 * and they take JSON bodies. Decision 021.
 */
export function isTokenApi(path: string): boolean {
  return path === "/api/v1/metrics";
}

/**
 * Meta's Deauthorize and Data deletion callbacks, and Threads' Uninstall and Delete (issue 36): POSTed
 * by Meta's servers, never by a member's browser, and checked by the app's signature, never the
 * session cookie, so the same-origin check does not apply. Their paths: app/adapters/networks/meta-person.server.ts.
 */
export const SIGNED_CALLBACK_PATHS = new Set([
  "/networks/meta/deauthorize",
  "/networks/meta/data-deletion",
  "/networks/threads/uninstall",
  "/networks/threads/delete",
]);
export const isSignedCallback = (path: string): boolean => SIGNED_CALLBACK_PATHS.has(path);

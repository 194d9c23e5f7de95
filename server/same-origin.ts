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

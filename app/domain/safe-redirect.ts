const BASE = "http://studio.invalid";

/**
 * A same-site path to go to after signing in; anything else falls back to the dashboard.
 * Browsers strip tabs and newlines from a Location header, so "/\t/evil.test" would become
 * "//evil.test": control characters are refused, and the path must resolve on this site.
 */
export function safeRedirect(to: unknown, fallback = "/"): string {
  if (typeof to !== "string" || !to.startsWith("/") || /[\u0000-\u001F\u007F\\]/.test(to)) return fallback;
  let url: URL;
  try {
    url = new URL(to, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE || url.pathname.startsWith("/login") || url.pathname.startsWith("/logout")) return fallback;
  return to;
}

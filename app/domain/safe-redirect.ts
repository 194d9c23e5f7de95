/** A same-site path to go to after signing in; anything else falls back to the dashboard. */
export function safeRedirect(to: unknown, fallback = "/"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  if (to.startsWith("/login") || to.startsWith("/logout")) return fallback;
  return to;
}

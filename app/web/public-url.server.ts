// The studio's public address (STUDIO_URL), for links a webhook receiver or a network opens without
// signing in: the card image and short links in channel post payloads (decision 025).

export function studioOrigin(): string {
  const configured = process.env.STUDIO_URL?.trim();
  return (configured || `http://localhost:${process.env.PORT ?? 3000}`).replace(/\/+$/, "");
}

/** A path on the studio as an absolute URL; an absolute URL comes back unchanged. */
export function absoluteUrl(pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  return `${studioOrigin()}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;
}

function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  return host === "localhost" || host.endsWith(".localhost") || /^127\./.test(host) || host === "::1" || host === "0.0.0.0";
}

/**
 * Shown before anything is published (the Channels panel, Settings › Integrations) when links and
 * cards would point at an address nobody outside this machine can open; null when STUDIO_URL is public.
 */
export function publicAddressWarning(): string | null {
  const origin = studioOrigin();
  let hostname: string;
  try {
    hostname = new URL(origin).hostname;
  } catch {
    return `STUDIO_URL (${origin}) is not a web address, so links in posts will not open. Set it to the studio's public address.`;
  }
  if (!isLoopbackHost(hostname)) return null;
  return `Links in posts will point to ${origin}, which nobody outside this machine can open. Set STUDIO_URL to the studio's public address.`;
}

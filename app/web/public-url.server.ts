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

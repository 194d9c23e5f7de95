/**
 * Headers for an SVG we serve. The policy forbids scripts and outside requests even if the SVG is
 * opened on its own (our SVGs hold only escaped text, this is the second lock).
 */
export function svgHeaders(cacheControl: string): Headers {
  return new Headers({
    "Content-Type": "image/svg+xml; charset=utf-8",
    "Cache-Control": cacheControl,
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
  });
}

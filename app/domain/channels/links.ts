// Links from channel posts to the team's site: the post's address from its slug, and UTM tags so
// analytics can tell which channel sent a reader.
import type { Channel } from "./network-limits";

/** The post's address on the team's site: the site URL (no trailing slash) plus its slug. */
export function postUrl(siteUrl: string, slug: string): string {
  return `${siteUrl.replace(/\/+$/, "")}/${encodeURIComponent(slug)}`;
}

function sameSite(url: URL, siteUrl: string): boolean {
  try {
    return url.host.toLowerCase() === new URL(siteUrl).host.toLowerCase();
  } catch {
    return false;
  }
}

/**
 * Adds utm_source=<channel>, utm_medium=social, utm_campaign=<slug> to a link on the team's site;
 * other links, the website channel itself and malformed URLs come back unchanged. Existing UTM
 * values are replaced, other parameters and the fragment kept.
 */
export function tagLink(link: string, opts: { siteUrl: string; channel: Channel; slug: string; enabled: boolean }): string {
  if (!opts.enabled || opts.channel === "website") return link;
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return link;
  }
  if (!sameSite(url, opts.siteUrl)) return link;
  url.searchParams.set("utm_source", opts.channel);
  url.searchParams.set("utm_medium", "social");
  url.searchParams.set("utm_campaign", opts.slug);
  return url.toString();
}

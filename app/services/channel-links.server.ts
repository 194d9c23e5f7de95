// What a network receives for a channel post: its link and every link in its text go out as the
// studio's short link (/l/<code>, counting clicks per post), pointing at the link as the team tags
// it (UTM on links to its site, when that is on). The same post and link always get the same code.
import { tagLink } from "~/domain/channels/links";
import type { Channel } from "~/domain/channels/network-limits";
import { linksIn, replaceLinks } from "~/domain/channels/post-links";
import { absoluteUrl } from "~/web/public-url.server";
import { shortLinkFor } from "./short-links.server";

export interface PostLinks {
  /** The text with its links replaced by short links. */
  text: string;
  /** The post's own link, tagged (the full URL a reader lands on), or null. */
  link: string | null;
  /** The post's own link as the absolute short link, or null. */
  shortLink: string | null;
}

export async function shortenPostLinks(
  post: { id: string; channel: Channel; text: string; link: string | null },
  team: { siteUrl: string; slug: string; utmTagging: boolean },
): Promise<PostLinks> {
  const tag = (url: string) => tagLink(url, { siteUrl: team.siteUrl, channel: post.channel, slug: team.slug, enabled: team.utmTagging });
  const link = post.link ? tag(post.link) : null;
  // The website post is the article itself: its link is its own address.
  if (post.channel === "website") return { text: post.text, link, shortLink: null };
  const short = new Map<string, string>();
  for (const url of new Set([...(post.link ? [post.link] : []), ...linksIn(post.text)])) {
    const path = await shortLinkFor(post.id, tag(url), { utm: false });
    if (path) short.set(url, absoluteUrl(path));
  }
  return { text: replaceLinks(post.text, short), link, shortLink: post.link ? (short.get(post.link) ?? null) : null };
}

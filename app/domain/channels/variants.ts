// The first text of each channel's post, made from the item: its title, its lead, the link to the
// post and topic hashtags from its tags (never the brand keywords). Each fits its channel.
import { isPlaceholderTitle, leadOf, toHashtag } from "../assistant/caption";
import { truncateToFit } from "../assistant/fit-text";
import { measurePost, WEBSITE, type Channel } from "./network-limits";

export interface VariantSource {
  title: string;
  body: string;
  excerpt: string;
  tags: string[];
}

const LEAD_SENTENCES: Record<Channel, number> = {
  website: 2,
  twitter: 1,
  linkedin: 3,
  facebook: 2,
  instagram: 2,
  threads: 1,
  mastodon: 2,
  bluesky: 1,
};
const HASHTAGS: Record<Channel, number> = {
  website: 0,
  twitter: 2,
  linkedin: 3,
  facebook: 2,
  instagram: 8,
  threads: 1,
  mastodon: 3,
  bluesky: 2,
};

export { isPlaceholderTitle };

export function topicHashtags(tags: string[], count: number): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const tag of tags) {
    const h = toHashtag(tag);
    if (!h || seen.has(h.toLowerCase())) continue;
    seen.add(h.toLowerCase());
    out.push(h);
  }
  return out.slice(0, count);
}

const sentence = (s: string) => (/[.!?…:]$/u.test(s) ? s : `${s}.`);

/** The text for one channel; the link travels beside it (composePost adds it when sending). */
export function variantText(source: VariantSource, channel: Channel, link: string | null): string {
  const title = isPlaceholderTitle(source.title) ? "" : source.title.replace(/\s+/g, " ").trim();
  const lead = source.excerpt.trim() || leadOf(title, source.body, LEAD_SENTENCES[channel]);
  if (channel === WEBSITE) return truncateToFit(lead || title, (t) => !measurePost(channel, t, null).over);
  const tags = topicHashtags(source.tags, HASHTAGS[channel]);
  const gap = channel === "twitter" ? " " : "\n\n";
  const build = (l: string, t: string[]) => [title ? sentence(title) : "", l, t.join(" ")].filter(Boolean).join(gap);
  const fits = (text: string) => !measurePost(channel, text, link).over;
  for (const t of [tags, tags.slice(0, 1), []]) {
    if (!fits(build("", t))) continue;
    const kept = lead ? truncateToFit(lead, (l) => fits(build(l, t))) : "";
    return build(kept, t);
  }
  return truncateToFit(title, (t) => fits(t));
}

/** A caption cut on a word boundary until it fits the network together with the link it goes out with. */
export function fitPost(channel: Channel, text: string, link: string | null): string {
  return truncateToFit(text.trim(), (t) => !measurePost(channel, t, link).over);
}

// Each channel's rules for a post: the length the network counts (X weighs characters and
// shortens links) and Instagram's hashtag cap. The counter in the editor and the server share it.
import { captionLength, INSTAGRAM_HASHTAG_MAX, isPlatform, PLATFORM_LIMITS } from "../assistant/caption-length";
import { graphemesOf } from "../assistant/segments";
import type { Platform } from "../assistant/types";

export const WEBSITE = "website";
/** Networks the studio posts to but writes no assistant captions for (decisions 045, 051). */
export const OTHER_NETWORKS = ["mastodon", "bluesky", "threads"] as const;
export type OtherNetwork = (typeof OTHER_NETWORKS)[number];
export type Channel = Platform | typeof WEBSITE | OtherNetwork;
export const ALL_CHANNELS: Channel[] = [WEBSITE, "twitter", "linkedin", "facebook", "instagram", "threads", "mastodon", "bluesky"];

export const CHANNEL_LABELS: Record<Channel, string> = {
  website: "Website",
  twitter: "X",
  linkedin: "LinkedIn",
  facebook: "Facebook",
  instagram: "Instagram",
  threads: "Threads",
  mastodon: "Mastodon",
  bluesky: "Bluesky",
};

/** Short glyphs for the calendar (the icon beside a post); text, so nothing is fetched. */
export const CHANNEL_ICONS: Record<Channel, string> = {
  website: "🌐",
  twitter: "𝕏",
  linkedin: "in",
  facebook: "f",
  instagram: "◎",
  threads: "@",
  mastodon: "M",
  bluesky: "🦋",
};

/** The website's teaser (meta description and list excerpt) is cut at this many characters. */
export const WEBSITE_LIMIT = 300;

/**
 * Mastodon: 500 characters (the default; an instance may allow more), every link counting 23.
 * Bluesky: 300 graphemes. Threads: 500 characters.
 */
export const OTHER_LIMITS: Record<OtherNetwork, number> = { mastodon: 500, bluesky: 300, threads: 500 };
/** Mastodon counts every link as 23 characters, whatever its length. */
export const MASTODON_LINK_LENGTH = 23;

const isOtherNetwork = (value: string): value is OtherNetwork => (OTHER_NETWORKS as readonly string[]).includes(value);
export const isChannel = (value: string): value is Channel => value === WEBSITE || isPlatform(value) || isOtherNetwork(value);

export const channelLimit = (channel: Channel) =>
  channel === WEBSITE ? WEBSITE_LIMIT : isOtherNetwork(channel) ? OTHER_LIMITS[channel] : PLATFORM_LIMITS[channel];

const mastodonLength = (text: string) => [...text.replace(/\bhttps?:\/\/\S+/giu, "x".repeat(MASTODON_LINK_LENGTH))].length;

function lengthOn(channel: Channel, text: string, composed: string): number {
  if (channel === WEBSITE) return text.trim().length;
  if (channel === "twitter") return captionLength(composed, "twitter");
  if (channel === "mastodon") return mastodonLength(composed);
  if (channel === "bluesky") return [...graphemesOf(composed)].length;
  return composed.length;
}

const HASHTAG = /(?:^|[^\p{L}\p{N}_&])#[\p{L}\p{M}\p{N}_]*[\p{L}\p{M}][\p{L}\p{M}\p{N}_]*/gu;

export function countHashtags(text: string): number {
  return text.match(HASHTAG)?.length ?? 0;
}

/** What the network receives: the text, then the link on its own unless the text already has it. */
export function composePost(text: string, link: string | null): string {
  if (!link || text.includes(link)) return text;
  const body = text.trimEnd();
  return body ? `${body}\n\n${link}` : link;
}

export interface PostMeasure {
  used: number;
  limit: number;
  over: boolean;
  hashtags: number;
  hashtagLimit: number | null;
  /** Why the network would refuse it; empty when it fits. */
  problems: string[];
}

export function measurePost(channel: Channel, text: string, link: string | null): PostMeasure {
  const composed = composePost(text, link);
  const limit = channelLimit(channel);
  const used = lengthOn(channel, text, composed);
  const hashtags = countHashtags(text);
  const hashtagLimit = channel === "instagram" ? INSTAGRAM_HASHTAG_MAX : null;
  const problems: string[] = [];
  if (used > limit)
    problems.push(
      `${CHANNEL_LABELS[channel]} allows ${limit.toLocaleString("en-US")} characters; this post has ${used.toLocaleString("en-US")}.`,
    );
  if (hashtagLimit !== null && hashtags > hashtagLimit)
    problems.push(`Instagram allows ${hashtagLimit} hashtags; this caption has ${hashtags}.`);
  return { used, limit, over: problems.length > 0, hashtags, hashtagLimit, problems };
}

/** Where the network's feed cuts the text behind "…more" (a preview, not a limit). */
export const FEED_CUT: Record<Channel, number> = {
  website: 160,
  twitter: 280,
  linkedin: 210,
  facebook: 480,
  instagram: 125,
  threads: 500,
  mastodon: 500,
  bluesky: 300,
};

export function previewCut(channel: Channel, text: string): { shown: string; cut: boolean } {
  const limit = FEED_CUT[channel];
  const chars = [...text];
  if (chars.length <= limit) return { shown: text, cut: false };
  return { shown: chars.slice(0, limit).join("").trimEnd(), cut: true };
}

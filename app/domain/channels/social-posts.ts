// A social or caption item's body is the post itself (decision 019): each connected network gets
// it as its channel post, cut to that network's limit.
import { truncateToFit } from "../assistant/fit-text";
import { isPlatform } from "../assistant/caption-length";
import type { Platform } from "../assistant/types";
import { measurePost, type Channel } from "./network-limits";

export const isPostType = (type: string) => type === "social" || type === "caption";

/** The channels an item can have a post on: a social post or caption is not a page, so not the website. */
export const channelFitsItem = (channel: string, type: string) => !(channel === "website" && isPostType(type));

/** The body as one network's post text, cut on a word boundary where the network's rules say it is over. */
export function postTextFromBody(body: string, channel: Exclude<Channel, "website">): string {
  return truncateToFit(body.trim(), (t) => !measurePost(channel, t, null).over);
}

export interface SocialPostChange {
  channel: Platform;
  /** create: the item has no post for it yet; update: its draft post still holds the previous body's text. */
  kind: "create" | "update";
  text: string;
}

/**
 * What the item's channel posts become after an agent changed the body from `before` to `after`:
 * missing networks get a post; a draft post that nobody edited follows the body; anything a person
 * wrote, scheduled or published is left alone.
 */
export function socialPostChanges(
  before: string,
  after: string,
  connected: Iterable<string>,
  existing: { channel: string; status: string; text: string }[],
): SocialPostChange[] {
  if (!after.trim()) return [];
  const changes: SocialPostChange[] = [];
  for (const channel of connected) {
    if (!isPlatform(channel)) continue;
    const text = postTextFromBody(after, channel);
    const post = existing.find((p) => p.channel === channel);
    if (!post) changes.push({ channel, kind: "create", text });
    else if (post.status === "draft" && post.text !== text && (!post.text.trim() || post.text === postTextFromBody(before, channel)))
      changes.push({ channel, kind: "update", text });
  }
  return changes;
}

// What publishing an item sends, the same from the editor, a chain's last approval and a scheduled
// publish: with "Auto-post to connected platforms" on, first a post for each connected network that
// has none (written as "Create channel posts" writes them); then every post the item has, queued.
// With it off, only the posts members made go out.
import { channelSettings } from "~/models/channel-post.server";
import { queueChannelPosts } from "./channel-delivery.server";
import { createAutoPosts } from "./channel-posts.server";

/** Returns the channels queued now. `actorId` is who published (the item's author when nobody did). */
export async function postsOnPublish(contentId: string, now = new Date(), actorId: string | null = null): Promise<string[]> {
  if ((await channelSettings()).autoPost) await createAutoPosts(contentId, actorId, now);
  return queueChannelPosts(contentId, now);
}

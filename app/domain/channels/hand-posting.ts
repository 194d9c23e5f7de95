// Posting by hand: where a member writes the post on the network itself, and the words for the link.
import { CHANNEL_LABELS, composePost, type Channel } from "./network-limits";

/** The network's own composer, with the text filled in where the network takes it in the address. */
export function composerUrl(channel: Channel, text: string, link: string | null): string | null {
  const post = encodeURIComponent(composePost(text, link));
  switch (channel) {
    case "twitter":
      return `https://x.com/intent/post?text=${post}`;
    case "linkedin":
      return `https://www.linkedin.com/feed/?shareActive=true&text=${post}`;
    case "facebook":
      return "https://www.facebook.com/";
    case "bluesky":
      return `https://bsky.app/intent/compose?text=${post}`;
    case "threads":
      return `https://www.threads.net/intent/post?text=${post}`;
    default:
      // Instagram posts from its app; Mastodon from the member's own instance; the website from the site's own editor.
      return null;
  }
}

/** "Open on X": the link beside a published post that has the network's address. */
export const openOnLabel = (channel: Channel) => `Open on ${CHANNEL_LABELS[channel]}`;

// The Dashboard's "Needs attention": what went wrong on the way out and waits for a person. Each row
// says what happened and links to where it is fixed; it goes once handled (retried, rescheduled,
// reconnected), because the list is read from the rows' states, not kept.
import { CHANNEL_LABELS, isChannel } from "./channels/network-limits";

export type AttentionKind = "failed" | "missed" | "reconnect";

export interface AttentionRow {
  key: string;
  kind: AttentionKind;
  /** "X post failed", "LinkedIn needs reconnecting" */
  title: string;
  /** The item's title and the reason, in the network's or the studio's words. */
  detail: string;
  href: string;
  /** The link's words: what to do there. */
  fix: string;
}

export interface AttentionFacts {
  posts: { id: string; channel: string; status: string; lastError: string | null; contentId: string; itemTitle: string }[];
  channels: { id: string; name: string; reconnectReason: string | null }[];
}

const label = (channel: string) => (isChannel(channel) ? CHANNEL_LABELS[channel] : channel);

export function attentionRows({ posts, channels }: AttentionFacts): AttentionRow[] {
  const reconnect = channels
    .filter((c) => c.reconnectReason)
    .map((c): AttentionRow => ({
      key: `reconnect-${c.id}`,
      kind: "reconnect",
      title: `${c.name} needs reconnecting`,
      detail: `${c.reconnectReason} Its posts wait until it is connected again.`,
      href: "/settings?tab=integrations",
      fix: `Reconnect ${c.name}`,
    }));
  const stuck = posts.map((p): AttentionRow => ({
    key: `post-${p.id}`,
    kind: p.status === "missed" ? "missed" : "failed",
    title: p.status === "missed" ? `${label(p.channel)} post missed its time` : `${label(p.channel)} post failed`,
    detail: `“${p.itemTitle}”${p.lastError ? `: ${p.lastError}` : ""}`,
    href: `/content/${p.contentId}/channels`,
    fix: p.status === "missed" ? "Reschedule it" : "Retry or edit it",
  }));
  return [...reconnect, ...stuck];
}

// What the editor's Channels panel shows for one item (built by app/services/channel-panel.server.ts).
import type { Channel, PostMeasure } from "./network-limits";

export interface ChannelPanelPost {
  id: string;
  channel: Channel;
  label: string;
  connected: boolean;
  text: string;
  link: string | null;
  imageUrl: string | null;
  status: string;
  /** The time in the team's zone for the form ("2026-11-27T09:30"), or "". */
  scheduledLocal: string;
  scheduledLabel: string | null;
  scheduledAt: string | null;
  /** What the time means while the item is unpublished (it goes only once the item is, or it publishes it). */
  scheduleNote: string | null;
  publishedLabel: string | null;
  lastError: string | null;
  externalUrl: string | null;
  /** Why the channel's deliveries wait (it needs reconnecting), when they do. */
  heldReason: string | null;
  attempts: number;
  measure: PostMeasure;
  /** The network's own counts for a post it took (decision 050); null when the studio does not pull them. */
  figures: PostFiguresView | null;
}

export interface PostFiguresView {
  /** "42 likes · 7 reposts · 3 replies · updated 2 hours ago", or what to expect before the first pull. */
  line: string;
  pulled: boolean;
  /** Why the last pull did not read them, when it did not. */
  problem: string | null;
}

export interface ChannelPanelData {
  itemId: string;
  timeZone: string;
  siteUrl: string;
  /** Links and cards would point at an address only this machine opens (STUDIO_URL unset or loopback). */
  publicUrlWarning: string | null;
  canEdit: boolean;
  canOverride: boolean;
  /** Connected channels that fit the item and have no post yet. */
  missing: Channel[];
  best: { local: string; label: string } | null;
  minLocal: string;
  posts: ChannelPanelPost[];
}

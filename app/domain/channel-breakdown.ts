// The per-channel breakdown on the Analytics screen (decision 021): what each channel's figures mean.

export interface ChannelTotals {
  channel: string;
  /** Website: page views; networks: impressions. */
  views: number;
  clicks: number;
  shares: number;
  /** Website: engaged views; networks: likes + comments + shares + clicks. */
  engaged: number;
}

export interface ChannelRow extends ChannelTotals {
  name: string;
  engagement: number;
}

const NAMES: Record<string, string> = {
  website: "Website",
  twitter: "Twitter",
  linkedin: "LinkedIn",
  facebook: "Facebook",
  instagram: "Instagram",
  threads: "Threads",
  mastodon: "Mastodon",
  bluesky: "Bluesky",
};

/** Rows with their engagement rate, the website first, then by views; channels with nothing left out. */
export function channelBreakdown(totals: readonly ChannelTotals[]): ChannelRow[] {
  return totals
    .filter((t) => t.views + t.clicks + t.shares + t.engaged > 0)
    .map((t) => ({
      ...t,
      name: NAMES[t.channel] ?? t.channel.charAt(0).toUpperCase() + t.channel.slice(1),
      engagement: t.views > 0 ? Math.min(1, t.engaged / t.views) : 0,
    }))
    .sort((a, b) => (a.channel === "website" ? -1 : b.channel === "website" ? 1 : b.views - a.views || a.channel.localeCompare(b.channel)));
}

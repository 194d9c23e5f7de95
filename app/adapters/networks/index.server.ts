import { blueskyAdapter } from "./bluesky.server";
import { facebookAdapter } from "./facebook.server";
import { instagramAdapter } from "./instagram.server";
import type { NativeNetwork } from "./endpoints.server";
import { linkedinAdapter } from "./linkedin.server";
import { mastodonAdapter } from "./mastodon.server";
import { threadsAdapter } from "./threads.server";
import type { NetworkAdapter } from "./types";
import { xAdapter } from "./x.server";

export const ADAPTERS: Record<NativeNetwork, NetworkAdapter> = {
  twitter: xAdapter,
  linkedin: linkedinAdapter,
  mastodon: mastodonAdapter,
  bluesky: blueskyAdapter,
  facebook: facebookAdapter,
  instagram: instagramAdapter,
  threads: threadsAdapter,
};

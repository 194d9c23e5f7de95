// What every native network adapter does (decisions 042, 045, 050): who the token belongs to, posting,
// and reading back the counts of the posts it took.
import type { PostCounts } from "~/domain/channels/post-figures";

export interface PostImage {
  bytes: Buffer;
  mime: string;
  alt: string;
}

export interface NetworkPost {
  text: string;
  image: PostImage | null;
  /** The same image at the studio's public address (STUDIO_URL), for networks that fetch it themselves (Instagram, Threads). */
  imageUrl: string | null;
  /** Sent where the network accepts one (Mastodon's Idempotency-Key), so a repeat never posts twice. */
  idempotencyKey: string;
  /** When the post was first queued: the same on every try (Bluesky's record key is made from it). */
  queuedAt: Date;
  /**
   * Instagram's and Threads' container for this post: the one an earlier try made (or null), and how
   * to keep a new one on the post before publishing it, so a try after a lost answer can ask it.
   */
  container: { id: string | null; keep(id: string): Promise<void> };
}

export interface Account {
  /** The network's id for the account (X's user id, LinkedIn's member id, Mastodon's account id, Bluesky's DID). */
  id: string;
  /** What the studio shows: "@brand", "@brand@mastodon.social" or the member's name. */
  handle: string;
  /** Mastodon's instance or Bluesky's service, for networks that are not one fixed site. */
  service?: string | null;
}

export interface Posted {
  id: string;
  url: string;
}

/** Tokens a network issued; expiresAt null when they do not run out. */
export interface Tokens {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: Date | null;
}

/** The team's developer app, opened (server only). */
export interface AppCredentials {
  clientId: string;
  clientSecret: string;
}

/** How a network is connected through OAuth 2 (X, LinkedIn, Mastodon, Meta). `service` is Mastodon's instance. */
export interface OAuthSetup {
  scopes: string[];
  /** Asked for only when the Admin wants them (LinkedIn's organisation permissions need an approved product). */
  organisationScopes?: string[];
  /** Meta and Threads list scopes with commas; OAuth 2 says spaces. */
  scopeSeparator?: "," | " ";
  clientAuth: "basic" | "post";
  authorizeUrl(service: string | null): string;
  tokenUrl(service: string | null): string;
  /** Networks whose code gives a short-lived token trade it at once for a long-lived one (Meta, Threads). */
  longLived?(tokens: Tokens, app: AppCredentials): Promise<Tokens>;
}

/** One account a token may post as, with the tokens to post with (a Facebook Page has its own). */
export interface Choice {
  account: Account;
  tokens: Tokens;
}

export interface NetworkAdapter {
  label: string;
  /** OAuth 2 networks; Bluesky signs in with an app password instead. */
  oauth?: OAuthSetup;
  /** Networks that renew their own way (Bluesky's refreshSession, Threads' th_refresh_token); OAuth networks use the refresh grant. */
  refresh?(refreshToken: string, service: string | null): Promise<Tokens>;
  /** How long before its end a token is renewed (Threads: a week); the studio's ten minutes otherwise. */
  renewBeforeMs?: number;
  /** The one account the token belongs to (X, the LinkedIn member, Mastodon, Bluesky, Threads). */
  account?(token: string, service: string | null): Promise<Account>;
  /**
   * Networks where a member posts as one of several accounts (Facebook Pages, Instagram accounts,
   * LinkedIn organisations): every account the token may post as. One means no choice to make.
   */
  accounts?(tokens: Tokens): Promise<Choice[]>;
  /** Why the network would refuse this post before anything is sent (Instagram without an image), or null. */
  refuse?(post: Pick<NetworkPost, "image" | "imageUrl">): string | null;
  /** Throws NetworkError with one of the shared kinds. */
  post(token: string, account: Account, post: NetworkPost): Promise<Posted>;
  /**
   * Networks that take no idempotency key (X, LinkedIn, Facebook): the account's own post with exactly
   * this text made since the post was queued, or null. Asked before a retry whose earlier try ended
   * without a known outcome (its answer lost), so the post is adopted instead of made twice.
   * Throws NetworkError like post; the caller never posts after a failed look.
   */
  find?(token: string, account: Account, post: NetworkPost): Promise<Posted | null>;
  /**
   * The network's counts for posts it took, by the id it gave (Posted.id), a batch at a time. An id
   * missing from the answer is a post the network no longer shows. Throws NetworkError like post.
   */
  figures?(token: string, account: Account, posts: FiguresOf[]): Promise<Map<string, PostCounts>>;
}

/** A post whose counts are asked for: the network's id for it, and how long ago it went out. */
export interface FiguresOf {
  id: string;
  ageDays: number;
}

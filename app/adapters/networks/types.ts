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
  /** Sent where the network accepts one (Mastodon's Idempotency-Key), so a repeat never posts twice. */
  idempotencyKey: string;
  /** When the post was first queued: the same on every try (Bluesky's record key is made from it). */
  queuedAt: Date;
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

/** How a network is connected through OAuth 2 (X, LinkedIn, Mastodon). `service` is Mastodon's instance. */
export interface OAuthSetup {
  scopes: string[];
  clientAuth: "basic" | "post";
  authorizeUrl(service: string | null): string;
  tokenUrl(service: string | null): string;
}

export interface NetworkAdapter {
  label: string;
  /** OAuth 2 networks; Bluesky signs in with an app password instead. */
  oauth?: OAuthSetup;
  /** Networks that renew their own way (Bluesky's refreshSession); OAuth networks use the refresh grant. */
  refresh?(refreshToken: string, service: string, fetchImpl?: typeof fetch): Promise<Tokens>;
  account(token: string, service: string | null, fetchImpl?: typeof fetch): Promise<Account>;
  /** Throws NetworkError with one of the shared kinds. */
  post(token: string, account: Account, post: NetworkPost, fetchImpl?: typeof fetch): Promise<Posted>;
  /**
   * The network's counts for posts it took, by the id it gave (Posted.id), a batch at a time. An id
   * missing from the answer is a post the network no longer shows. Throws NetworkError like post.
   */
  figures(token: string, account: Account, ids: string[], fetchImpl?: typeof fetch): Promise<Map<string, PostCounts>>;
}

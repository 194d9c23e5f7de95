// What every native network adapter does (decision 042): who the token belongs to, and posting.
export interface PostImage {
  bytes: Buffer;
  mime: string;
  alt: string;
}

export interface NetworkPost {
  text: string;
  image: PostImage | null;
  /** Sent where the network accepts one, so a repeat never posts twice. */
  idempotencyKey: string;
}

export interface Account {
  /** The network's id for the account (X's user id, LinkedIn's member id). */
  id: string;
  /** What the studio shows: "@brand" or the member's name. */
  handle: string;
}

export interface Posted {
  id: string;
  url: string;
}

export interface NetworkAdapter {
  label: string;
  scopes: string[];
  clientAuth: "basic" | "post";
  authorizeUrl(): string;
  tokenUrl(): string;
  account(token: string, fetchImpl?: typeof fetch): Promise<Account>;
  /** Throws NetworkError with one of the shared kinds. */
  post(token: string, account: Account, post: NetworkPost, fetchImpl?: typeof fetch): Promise<Posted>;
}

// Bluesky (AT Protocol XRPC on the account's service): an app password opens a session
// (com.atproto.server.createSession), refreshSession renews it, uploadBlob takes the image and
// createRecord writes an app.bsky.feed.post with link and tag facets. The record key is made from
// the delivery key and the post's queued time, so a repeat finds the post instead of writing another.
// Counts come from app.bsky.feed.getPosts (up to 25 at:// URIs a request, through the account's service).
import { createHash } from "node:crypto";
import type { PostCounts } from "~/domain/channels/post-figures";
import { blueskyWebBase } from "./endpoints.server";
import { chunked, countOf, NetworkError, networkFetch } from "./network-http.server";
import type { Account, NetworkAdapter, Tokens } from "./types";

const POST = "app.bsky.feed.post";
/** app.bsky.feed.getPosts' largest batch of URIs. */
export const BLUESKY_URIS_PER_REQUEST = 25;
/** Bluesky's largest image blob for a post (app.bsky.embed.images). */
export const BLUESKY_IMAGE_MAX_BYTES = 1_000_000;

interface Session {
  accessJwt: string;
  refreshJwt: string;
  handle: string;
  did: string;
}

/** When a session token runs out: its JWT's exp claim (null when it has none). */
export function jwtExpiry(jwt: string): Date | null {
  try {
    const claims = JSON.parse(Buffer.from(jwt.split(".")[1] ?? "", "base64url").toString()) as { exp?: unknown };
    return typeof claims.exp === "number" ? new Date(claims.exp * 1000) : null;
  } catch {
    return null;
  }
}

const tokensOf = (s: Session): Tokens => ({ accessToken: s.accessJwt, refreshToken: s.refreshJwt, expiresAt: jwtExpiry(s.accessJwt) });

/** A session token the service no longer takes means the member must sign in again; an expired access token only needs renewing. */
async function call(url: string, init: RequestInit & { token: string | null }): Promise<Response> {
  try {
    return await networkFetch("Bluesky", url, init);
  } catch (error) {
    if (error instanceof NetworkError && error.code === "ExpiredToken") {
      const expired = new NetworkError({ kind: "temporary", message: "Bluesky's session ran out; renewing it" });
      expired.tokenExpired = true;
      expired.code = error.code;
      throw expired;
    }
    if (error instanceof NetworkError && error.code === "InvalidToken") {
      const invalid = new NetworkError({ kind: "reconnect", message: "Bluesky no longer accepts the studio's session" });
      invalid.code = error.code;
      throw invalid;
    }
    throw error;
  }
}

/** Signs in with the handle and an app password; the password itself is not kept. */
export async function createBlueskySession(
  service: string,
  identifier: string,
  password: string,
): Promise<{ tokens: Tokens; account: Account }> {
  const response = await call(`${service}/xrpc/com.atproto.server.createSession`, {
    method: "POST",
    token: null,
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ identifier, password }),
  });
  const session = (await response.json()) as Session;
  return { tokens: tokensOf(session), account: { id: session.did, handle: `@${session.handle}`, service } };
}

/** Byte ranges (UTF-8) of the links and hashtags in the text, as Bluesky's richtext facets. */
export function facetsOf(text: string) {
  const facets: { index: { byteStart: number; byteEnd: number }; features: Record<string, string>[] }[] = [];
  const bytes = (s: string) => Buffer.byteLength(s, "utf8");
  for (const match of text.matchAll(/\bhttps?:\/\/[^\s<>"]+/giu)) {
    const uri = match[0].replace(/[.,;:!?)\]'"]+$/u, "");
    const start = bytes(text.slice(0, match.index));
    facets.push({ index: { byteStart: start, byteEnd: start + bytes(uri) }, features: [{ $type: "app.bsky.richtext.facet#link", uri }] });
  }
  for (const match of text.matchAll(/(^|\s)#([\p{L}\p{M}\p{N}_]*[\p{L}\p{M}][\p{L}\p{M}\p{N}_]*)/gu)) {
    const start = bytes(text.slice(0, match.index + match[1].length));
    facets.push({
      index: { byteStart: start, byteEnd: start + bytes(`#${match[2]}`) },
      features: [{ $type: "app.bsky.richtext.facet#tag", tag: match[2] }],
    });
  }
  return facets.sort((a, b) => a.index.byteStart - b.index.byteStart);
}

const TID_CHARS = "234567abcdefghijklmnopqrstuvwxyz";
/**
 * A record key in the AT Protocol's TID form (microseconds since 1970, then a 10-bit clock id), the
 * same for every try of one delivery: the time the post was queued plus bits of the delivery key.
 */
export function recordKeyFor(deliveryKey: string, queuedAt: Date): string {
  const hash = createHash("sha256").update(deliveryKey).digest();
  const micros = BigInt(queuedAt.getTime()) * 1000n + BigInt(hash.readUInt16BE(0) % 1000);
  let value = ((micros & ((1n << 53n) - 1n)) << 10n) | BigInt(hash.readUInt16BE(2) & 0x3ff);
  let key = "";
  for (let i = 0; i < 13; i++) {
    key = TID_CHARS[Number(value & 31n)] + key;
    value >>= 5n;
  }
  return key;
}

const postUrl = (account: Account, rkey: string) => `${blueskyWebBase()}/profile/${account.handle.replace(/^@/, "")}/post/${rkey}`;

export const blueskyAdapter: NetworkAdapter = {
  label: "Bluesky",

  async refresh(refreshToken, service) {
    if (!service) throw new NetworkError({ kind: "reconnect", message: "Bluesky's service is not known; sign in again" });
    const response = await call(`${service}/xrpc/com.atproto.server.refreshSession`, { method: "POST", token: refreshToken });
    return tokensOf((await response.json()) as Session);
  },

  async account(token, service) {
    if (!service) throw new NetworkError({ kind: "reconnect", message: "Bluesky has no service saved" });
    const response = await call(`${service}/xrpc/com.atproto.server.getSession`, { token });
    const session = (await response.json()) as { did: string; handle: string };
    return { id: session.did, handle: `@${session.handle}`, service };
  },

  async post(token, account, post) {
    const service = account.service;
    if (!service) throw new NetworkError({ kind: "reconnect", message: "Bluesky has no service saved" });
    const rkey = recordKeyFor(post.idempotencyKey, post.queuedAt);
    let embed: Record<string, unknown> | undefined;
    if (post.image && post.image.bytes.length > BLUESKY_IMAGE_MAX_BYTES)
      throw new NetworkError({
        kind: "rejected",
        message: `Bluesky takes images up to 1 MB; this one is ${(post.image.bytes.length / 1_000_000).toFixed(1)} MB`,
      });
    if (post.image) {
      const uploaded = await call(`${service}/xrpc/com.atproto.repo.uploadBlob`, {
        method: "POST",
        token,
        headers: { "Content-Type": post.image.mime },
        body: new Uint8Array(post.image.bytes),
      });
      const { blob } = (await uploaded.json()) as { blob: unknown };
      embed = { $type: "app.bsky.embed.images", images: [{ alt: post.image.alt, image: blob }] };
    }
    const facets = facetsOf(post.text);
    const record = {
      $type: POST,
      text: post.text,
      createdAt: new Date().toISOString(),
      ...(facets.length ? { facets } : {}),
      ...(embed ? { embed } : {}),
    };
    try {
      const response = await call(`${service}/xrpc/com.atproto.repo.createRecord`, {
        method: "POST",
        token,
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ repo: account.id, collection: POST, rkey, record }),
      });
      const written = (await response.json()) as { uri: string };
      return { id: written.uri, url: postUrl(account, rkey) };
    } catch (error) {
      // An earlier try may have written it and lost the answer: the key is taken by our own post.
      if (
        !(error instanceof NetworkError) ||
        (error.failure.kind !== "rejected" && error.failure.kind !== "temporary") ||
        error.tokenExpired
      )
        throw error;
      const found = await existingRecord(service, account, rkey, token);
      if (found) return { id: found, url: postUrl(account, rkey) };
      throw error;
    }
  },

  async figures(token, account, posts) {
    const ids = posts.map((p) => p.id);
    const service = account.service;
    if (!service) throw new NetworkError({ kind: "reconnect", message: "Bluesky has no service saved" });
    const counts = new Map<string, PostCounts>();
    for (const batch of chunked(ids, BLUESKY_URIS_PER_REQUEST)) {
      const query = new URLSearchParams(batch.map((uri) => ["uris", uri]));
      const response = await call(`${service}/xrpc/app.bsky.feed.getPosts?${query}`, { token });
      // A deleted post is left out of the answer.
      const { posts } = (await response.json()) as { posts?: Record<string, unknown>[] };
      for (const post of posts ?? [])
        counts.set(String(post.uri), {
          likes: countOf(post.likeCount),
          reposts: countOf(post.repostCount),
          replies: countOf(post.replyCount),
          quotes: countOf(post.quoteCount),
          impressions: null,
          clicks: null,
        });
    }
    return counts;
  },
};

async function existingRecord(service: string, account: Account, rkey: string, token: string) {
  const query = new URLSearchParams({ repo: account.id, collection: POST, rkey });
  try {
    const response = await call(`${service}/xrpc/com.atproto.repo.getRecord?${query}`, { token });
    return ((await response.json()) as { uri?: string }).uri ?? null;
  } catch {
    return null;
  }
}

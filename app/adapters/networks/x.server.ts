// X (API v2): OAuth 2 with PKCE, GET /2/users/me, media via POST /2/media/upload, POST /2/tweets,
// and the posts' counts from GET /2/tweets?ids=…&tweet.fields=public_metrics (up to 100 ids a request).
import type { PostCounts } from "~/domain/channels/post-figures";
import { networkBases } from "./endpoints.server";
import { chunked, countOf, networkFetch } from "./network-http.server";
import type { NetworkAdapter } from "./types";

/** X's largest batch of ids for GET /2/tweets. */
export const X_IDS_PER_REQUEST = 100;

const bases = () => networkBases("twitter");

export const xAdapter: NetworkAdapter = {
  label: "X",
  oauth: {
    scopes: ["tweet.read", "tweet.write", "users.read", "media.write", "offline.access"],
    clientAuth: "basic",
    authorizeUrl: () => `${bases().auth}/i/oauth2/authorize`,
    tokenUrl: () => `${bases().api}/2/oauth2/token`,
  },

  async account(token, _service, fetchImpl) {
    const response = await networkFetch("X", `${bases().api}/2/users/me`, { token }, fetchImpl);
    const { data } = (await response.json()) as { data: { id: string; username: string } };
    return { id: data.id, handle: `@${data.username}` };
  },

  async post(token, account, post, fetchImpl) {
    let mediaIds: string[] | undefined;
    if (post.image) {
      const form = new FormData();
      form.append("media", new Blob([new Uint8Array(post.image.bytes)], { type: post.image.mime }), "image");
      form.append("media_category", "tweet_image");
      const uploaded = await networkFetch("X", `${bases().api}/2/media/upload`, { method: "POST", token, body: form }, fetchImpl);
      mediaIds = [((await uploaded.json()) as { data: { id: string } }).data.id];
    }
    const response = await networkFetch(
      "X",
      `${bases().api}/2/tweets`,
      {
        method: "POST",
        token,
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ text: post.text, ...(mediaIds ? { media: { media_ids: mediaIds } } : {}) }),
      },
      fetchImpl,
    );
    const { data } = (await response.json()) as { data: { id: string } };
    return { id: data.id, url: `${bases().auth}/${account.handle.replace(/^@/, "")}/status/${data.id}` };
  },

  async figures(token, _account, ids, fetchImpl) {
    const counts = new Map<string, PostCounts>();
    for (const batch of chunked(ids, X_IDS_PER_REQUEST)) {
      const query = new URLSearchParams({ ids: batch.join(","), "tweet.fields": "public_metrics" });
      const response = await networkFetch("X", `${bases().api}/2/tweets?${query}`, { token }, fetchImpl);
      // Posts X no longer shows come back under "errors", not "data".
      const { data } = (await response.json()) as { data?: { id: string; public_metrics?: Record<string, unknown> }[] };
      for (const tweet of data ?? []) {
        const m = tweet.public_metrics ?? {};
        counts.set(tweet.id, {
          likes: countOf(m.like_count),
          reposts: countOf(m.retweet_count),
          replies: countOf(m.reply_count),
          quotes: countOf(m.quote_count),
          impressions: countOf(m.impression_count),
          clicks: null,
        });
      }
    }
    return counts;
  },
};

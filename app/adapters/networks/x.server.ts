// X (API v2): OAuth 2 with PKCE, GET /2/users/me, media via POST /2/media/upload, POST /2/tweets,
// the posts' counts from GET /2/tweets?ids=…&tweet.fields=public_metrics (up to 100 ids a request), and
// before a retry after a lost answer the account's own posts from GET /2/users/:id/tweets?start_time=….
import type { PostCounts } from "~/domain/channels/post-figures";
import { networkBases } from "./endpoints.server";
import { chunked, countOf, lookBackFrom, NetworkError, networkFetch, sameText } from "./network-http.server";
import type { Account, NetworkAdapter } from "./types";

/** X's largest batch of ids for GET /2/tweets. */
export const X_IDS_PER_REQUEST = 100;
/** X gives a post's non-public metrics (link clicks among them) for this many days after it went out. */
export const X_NON_PUBLIC_DAYS = 30;

/** X's answer for these posts; an app whose plan does not include non-public metrics gets the public ones. */
async function metricsOf(token: string, ids: string[], fields: string): Promise<unknown> {
  const ask = async (tweetFields: string) => {
    const query = new URLSearchParams({ ids: ids.join(","), "tweet.fields": tweetFields });
    return (await networkFetch("X", `${bases().api}/2/tweets?${query}`, { token })).json();
  };
  try {
    return await ask(fields);
  } catch (error) {
    const refusedField = error instanceof NetworkError && (error.status === 400 || error.status === 403);
    if (!refusedField || fields === "public_metrics") throw error;
    return ask("public_metrics");
  }
}

type XMetrics = { id: string; public_metrics?: Record<string, unknown>; non_public_metrics?: Record<string, unknown> };

const bases = () => networkBases("twitter");
const statusUrl = (account: Account, id: string) => `${bases().auth}/${account.handle.replace(/^@/, "")}/status/${id}`;

interface Tweet {
  id: string;
  text: string;
  entities?: { urls?: { url: string; expanded_url?: string; media_key?: string }[] };
}

/**
 * A tweet's text as the studio sent it: X escapes &, < and > and shows every link as a t.co link
 * (an attached image as one more at the end), so those are undone before comparing.
 */
export function textAsSent(tweet: Tweet): string {
  let text = tweet.text.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
  for (const link of tweet.entities?.urls ?? []) text = text.replace(link.url, link.media_key ? "" : (link.expanded_url ?? link.url));
  return text;
}

export const xAdapter: NetworkAdapter = {
  label: "X",
  oauth: {
    scopes: ["tweet.read", "tweet.write", "users.read", "media.write", "offline.access"],
    clientAuth: "basic",
    authorizeUrl: () => `${bases().auth}/i/oauth2/authorize`,
    tokenUrl: () => `${bases().api}/2/oauth2/token`,
  },

  async account(token, _service) {
    const response = await networkFetch("X", `${bases().api}/2/users/me`, { token });
    const { data } = (await response.json()) as { data: { id: string; username: string } };
    return { id: data.id, handle: `@${data.username}` };
  },

  async post(token, account, post) {
    let mediaIds: string[] | undefined;
    if (post.image) {
      const form = new FormData();
      form.append("media", new Blob([new Uint8Array(post.image.bytes)], { type: post.image.mime }), "image");
      form.append("media_category", "tweet_image");
      const uploaded = await networkFetch("X", `${bases().api}/2/media/upload`, { method: "POST", token, body: form });
      mediaIds = [((await uploaded.json()) as { data: { id: string } }).data.id];
    }
    const response = await networkFetch("X", `${bases().api}/2/tweets`, {
      method: "POST",
      token,
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ text: post.text, ...(mediaIds ? { media: { media_ids: mediaIds } } : {}) }),
    });
    const { data } = (await response.json()) as { data: { id: string } };
    return { id: data.id, url: statusUrl(account, data.id) };
  },

  // X API v2 GET /2/users/:id/tweets with start_time (RFC 3339, whole seconds): the account's own posts
  // since the post was queued, newest first, up to 100 (more than a retry's few minutes ever hold).
  async find(token, account, post) {
    const query = new URLSearchParams({
      start_time: lookBackFrom(post.queuedAt)
        .toISOString()
        .replace(/\.\d{3}Z$/, "Z"),
      max_results: "100",
      "tweet.fields": "created_at,entities",
    });
    const url = `${bases().api}/2/users/${encodeURIComponent(account.id)}/tweets?${query}`;
    const response = await networkFetch("X", url, { token });
    const { data } = (await response.json()) as { data?: Tweet[] };
    const found = data?.find((tweet) => sameText(textAsSent(tweet), post.text));
    return found ? { id: found.id, url: statusUrl(account, found.id) } : null;
  },

  async figures(token, _account, posts) {
    const counts = new Map<string, PostCounts>();
    // Link clicks are among the non-public metrics, which X gives only for the account's own posts of
    // the last 30 days (and refuses the whole request otherwise): older posts are asked for apart.
    const recent = posts.filter((p) => p.ageDays < X_NON_PUBLIC_DAYS).map((p) => p.id);
    const older = posts.filter((p) => p.ageDays >= X_NON_PUBLIC_DAYS).map((p) => p.id);
    const asks = [
      ...chunked(recent, X_IDS_PER_REQUEST).map((ids) => ({ ids, fields: "public_metrics,non_public_metrics" })),
      ...chunked(older, X_IDS_PER_REQUEST).map((ids) => ({ ids, fields: "public_metrics" })),
    ];
    for (const { ids, fields } of asks) {
      // Posts X no longer shows come back under "errors", not "data".
      const { data } = (await metricsOf(token, ids, fields)) as { data?: XMetrics[] };
      for (const tweet of data ?? []) {
        const m = tweet.public_metrics ?? {};
        counts.set(tweet.id, {
          likes: countOf(m.like_count),
          reposts: countOf(m.retweet_count),
          replies: countOf(m.reply_count),
          quotes: countOf(m.quote_count),
          impressions: countOf(m.impression_count),
          clicks: countOf(tweet.non_public_metrics?.url_link_clicks),
        });
      }
    }
    return counts;
  },
};

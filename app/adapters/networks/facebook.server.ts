// Facebook Pages (Graph API): Facebook Login with the Pages permissions, the long-lived user token,
// the Pages the member manages (each with its own Page token, which does not run out), and a post on
// the Page's feed: POST /{page-id}/photos with the image and the text, else POST /{page-id}/feed.
// Before a retry after a lost answer, the Page's own posts: GET /{page-id}/published_posts?since=….
// The posts' counts from Graph v21.0 GET /?ids=…&fields=likes.summary(true).limit(0),comments…,shares.
import type { PostCounts } from "~/domain/channels/post-figures";
import { facebookLogin, form, graphFetch, graphNodes, graphUrl, managedPages, metaBases, summaryTotal } from "./graph.server";
import { countOf, lookBackFrom, sameText } from "./network-http.server";
import type { NetworkAdapter } from "./types";

const LABEL = "Facebook";
/** Totals only: limit(0) leaves out the people and the comments themselves. */
const FIGURE_FIELDS = "likes.summary(true).limit(0),comments.summary(true).limit(0),shares";

export const facebookAdapter: NetworkAdapter = {
  label: LABEL,
  oauth: facebookLogin(LABEL, ["pages_show_list", "pages_read_engagement", "pages_manage_posts"]),

  async accounts(tokens) {
    const pages = await managedPages(LABEL, tokens.accessToken);
    return pages.map((page) => ({
      account: { id: page.id, handle: page.name },
      tokens: { accessToken: page.accessToken, refreshToken: null, expiresAt: null },
    }));
  },

  async post(token, account, post) {
    let id: string;
    if (post.image) {
      const body = new FormData();
      body.append("source", new Blob([new Uint8Array(post.image.bytes)], { type: post.image.mime }), "image");
      body.append("message", post.text);
      body.append("published", "true");
      const response = await graphFetch(LABEL, graphUrl(`/${account.id}/photos`), { method: "POST", token, body });
      const photo = (await response.json()) as { id: string; post_id?: string };
      id = photo.post_id ?? photo.id;
    } else {
      const response = await graphFetch(LABEL, graphUrl(`/${account.id}/feed`), { method: "POST", token, ...form({ message: post.text }) });
      id = ((await response.json()) as { id: string }).id;
    }
    return { id, url: `${metaBases().auth}/${id}` };
  },

  // Graph GET /{page-id}/published_posts with since (Unix seconds): the Page's posts since the post was
  // queued, newest first (pages_read_engagement, asked for at connect). A photo post is there by its
  // post id, as POST /photos gives it in post_id.
  async find(token, account, post) {
    const query = new URLSearchParams({
      since: String(Math.floor(lookBackFrom(post.queuedAt).getTime() / 1000)),
      fields: "id,message,created_time",
      limit: "100",
    });
    const response = await graphFetch(LABEL, `${graphUrl(`/${account.id}/published_posts`)}?${query}`, { token });
    const { data } = (await response.json()) as { data?: { id: string; message?: string }[] };
    const found = data?.find((p) => sameText(p.message ?? "", post.text));
    return found ? { id: found.id, url: `${metaBases().auth}/${found.id}` } : null;
  },

  // Likes, comments and shares (pages_read_engagement, asked for at connect). Impressions and clicks
  // are Page insights (read_insights, one request per post): not read, so they stay null. Meta leaves
  // out `shares` for a post never shared; that count stays null too rather than be guessed.
  async figures(token, _account, posts) {
    const ids = posts.map((p) => p.id);
    const counts = new Map<string, PostCounts>();
    for (const [id, node] of await graphNodes(LABEL, token, ids, FIGURE_FIELDS)) {
      counts.set(id, {
        likes: countOf(summaryTotal(node.likes)),
        reposts: countOf((node.shares as { count?: unknown } | undefined)?.count),
        replies: countOf(summaryTotal(node.comments)),
        quotes: null,
        impressions: null,
        clicks: null,
      });
    }
    return counts;
  },
};

// Instagram professional accounts (Graph API, through the Facebook Page they are linked to): Facebook
// Login with the Instagram permissions, the long-lived user token (~60 days, then reconnect), the
// account linked to each Page (GET /{page-id}?fields=instagram_business_account), and a post in two
// steps: a container from an image Meta fetches itself (POST /{ig-user-id}/media with image_url and
// caption), then POST /{ig-user-id}/media_publish. Instagram posts nothing without an image. The
// posts' counts from Graph v21.0 GET /?ids=…&fields=like_count,comments_count, and each post's views
// from GET /{media-id}/insights?metric=views.
import type { PostCounts } from "~/domain/channels/post-figures";
import { countOf, NetworkError } from "./network-http.server";
import { facebookLogin, form, graphFetch, graphNodes, graphUrl, managedPages, publishThroughContainer } from "./graph.server";
import type { NetworkAdapter, NetworkPost } from "./types";

const LABEL = "Instagram";
/** Where "Open on Instagram" goes when Meta does not give the post's own address. */
export const instagramWeb = () => (process.env.NETWORK_INSTAGRAM_WEB_URL?.trim() || "https://www.instagram.com").replace(/\/+$/, "");

/** Why Instagram would refuse the post before anything is sent: no image, or one that is not a JPEG. */
export function instagramRefusal(post: Pick<NetworkPost, "image" | "imageUrl">): string | null {
  if (!post.imageUrl) return "Instagram posts need an image: add one to the Instagram post, then try again.";
  if (post.image && post.image.mime !== "image/jpeg")
    return `Instagram takes JPEG images only; this post's image is ${post.image.mime.replace("image/", "").toUpperCase()}. Use a JPEG for the Instagram post.`;
  return null;
}

export const instagramAdapter: NetworkAdapter = {
  label: LABEL,
  oauth: facebookLogin(LABEL, [
    "instagram_basic",
    "instagram_content_publish",
    "instagram_manage_insights",
    "pages_show_list",
    "pages_read_engagement",
  ]),
  refuse: instagramRefusal,

  async accounts(tokens) {
    const pages = await managedPages(LABEL, tokens.accessToken);
    const linked = await Promise.all(
      pages.map(async (page) => {
        const fields = new URLSearchParams({ fields: "instagram_business_account{id,username}" });
        const response = await graphFetch(LABEL, `${graphUrl(`/${page.id}`)}?${fields}`, { token: tokens.accessToken });
        const body = (await response.json()) as { instagram_business_account?: { id: string; username?: string } };
        return body.instagram_business_account ?? null;
      }),
    );
    // Two Pages may share one Instagram account: it is offered once.
    const unique = new Map(linked.filter((ig) => ig !== null).map((ig) => [ig.id, ig]));
    return [...unique.values()].map((ig) => ({ account: { id: ig.id, handle: ig.username ? `@${ig.username}` : ig.id }, tokens }));
  },

  async post(token, account, post) {
    const refusal = instagramRefusal(post);
    if (refusal) throw new NetworkError({ kind: "rejected", message: refusal });
    const idOf = async (response: Response) => ((await response.json()) as { id: string }).id;
    const { id, already } = await publishThroughContainer({
      label: LABEL,
      token,
      container: post.container,
      statusUrl: (container) => `${graphUrl(`/${container}`)}?fields=status_code`,
      create: async () =>
        idOf(
          await graphFetch(LABEL, graphUrl(`/${account.id}/media`), {
            method: "POST",
            token,
            ...form({ image_url: post.imageUrl!, caption: post.text }),
          }),
        ),
      publish: async (container) =>
        idOf(
          await graphFetch(LABEL, graphUrl(`/${account.id}/media_publish`), { method: "POST", token, ...form({ creation_id: container }) }),
        ),
    });
    // The post exists from here on: its id is kept even if Meta does not tell its address.
    return { id, url: already ? profile(account.handle) : await permalink(token, id, account.handle) };
  },

  // Likes and comments (instagram_basic); Meta leaves out like_count where the owner hid likes, and it
  // stays null then. Views, as impressions, are media insights: instagram_manage_insights, one request per post.
  async figures(token, _account, posts) {
    const ids = posts.map((p) => p.id);
    const counts = new Map<string, PostCounts>();
    for (const [id, media] of await graphNodes(LABEL, token, ids, "like_count,comments_count")) {
      counts.set(id, {
        likes: countOf(media.like_count),
        reposts: null,
        replies: countOf(media.comments_count),
        quotes: null,
        impressions: null,
        clicks: null,
      });
    }
    for (const [id, post] of counts) {
      const views = await viewsOf(token, id);
      if (views === STOP) break;
      post.impressions = views;
    }
    return counts;
  },
};

async function permalink(token: string, id: string, handle: string): Promise<string> {
  try {
    const response = await graphFetch(LABEL, `${graphUrl(`/${id}`)}?fields=permalink`, { token });
    const body = (await response.json()) as { permalink?: string };
    if (body.permalink) return body.permalink;
  } catch {
    // The answer to the publish is what counts; the address falls back to the profile.
  }
  return profile(handle);
}

const profile = (handle: string) => `${instagramWeb()}/${handle.replace(/^@/, "")}/`;

const STOP = Symbol("stop asking for views");
const NOT_ENOUGH_VIEWERS = /not enough viewers/i;

/**
 * A post's views, or null when Meta has none for it (too few viewers, a media type without them).
 * STOP when no other post's would come either: the connection lacks instagram_manage_insights (made
 * before the studio asked for it), or Meta limits requests; the likes and comments read stand.
 */
async function viewsOf(token: string, id: string): Promise<number | null | typeof STOP> {
  try {
    const response = await graphFetch(LABEL, `${graphUrl(`/${id}/insights`)}?metric=views`, { token });
    const { data } = (await response.json()) as { data?: { name?: string; values?: { value?: unknown }[] }[] };
    return countOf(data?.find((m) => m.name === "views")?.values?.[0]?.value);
  } catch (error) {
    if (!(error instanceof NetworkError)) throw error;
    const perPost = NOT_ENOUGH_VIEWERS.test(error.said ?? "") || (!error.lacksPermission && error.failure.kind === "rejected");
    return perPost ? null : STOP;
  }
}

// Instagram professional accounts (Graph API, through the Facebook Page they are linked to): Facebook
// Login with the Instagram permissions, the long-lived user token (~60 days, then reconnect), the
// account linked to each Page (GET /{page-id}?fields=instagram_business_account), and a post in two
// steps: a container from an image Meta fetches itself (POST /{ig-user-id}/media with image_url and
// caption), then POST /{ig-user-id}/media_publish. Instagram posts nothing without an image. The
// posts' counts from Graph v21.0 GET /?ids=…&fields=like_count,comments_count.
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
  oauth: facebookLogin(LABEL, ["instagram_basic", "instagram_content_publish", "pages_show_list", "pages_read_engagement"]),
  refuse: instagramRefusal,

  async accounts(tokens, fetchImpl) {
    const pages = await managedPages(LABEL, tokens.accessToken, fetchImpl);
    const linked = await Promise.all(
      pages.map(async (page) => {
        const fields = new URLSearchParams({ fields: "instagram_business_account{id,username}" });
        const response = await graphFetch(LABEL, `${graphUrl(`/${page.id}`)}?${fields}`, { token: tokens.accessToken }, fetchImpl);
        const body = (await response.json()) as { instagram_business_account?: { id: string; username?: string } };
        return body.instagram_business_account ?? null;
      }),
    );
    // Two Pages may share one Instagram account: it is offered once.
    const unique = new Map(linked.filter((ig) => ig !== null).map((ig) => [ig.id, ig]));
    return [...unique.values()].map((ig) => ({ account: { id: ig.id, handle: ig.username ? `@${ig.username}` : ig.id }, tokens }));
  },

  async post(token, account, post, fetchImpl) {
    const refusal = instagramRefusal(post);
    if (refusal) throw new NetworkError({ kind: "rejected", message: refusal });
    const idOf = async (response: Response) => ((await response.json()) as { id: string }).id;
    const { id, already } = await publishThroughContainer(
      {
        label: LABEL,
        token,
        container: post.container,
        statusUrl: (container) => `${graphUrl(`/${container}`)}?fields=status_code`,
        create: async () =>
          idOf(
            await graphFetch(
              LABEL,
              graphUrl(`/${account.id}/media`),
              { method: "POST", token, ...form({ image_url: post.imageUrl!, caption: post.text }) },
              fetchImpl,
            ),
          ),
        publish: async (container) =>
          idOf(
            await graphFetch(
              LABEL,
              graphUrl(`/${account.id}/media_publish`),
              { method: "POST", token, ...form({ creation_id: container }) },
              fetchImpl,
            ),
          ),
      },
      fetchImpl,
    );
    // The post exists from here on: its id is kept even if Meta does not tell its address.
    return { id, url: already ? profile(account.handle) : await permalink(token, id, account.handle, fetchImpl) };
  },

  // Likes and comments (instagram_basic). Views are media insights (instagram_manage_insights, not
  // asked for at connect, one request per post): not read, so impressions stay null. Meta leaves out
  // like_count where the owner hid likes; it stays null then.
  async figures(token, _account, ids, fetchImpl) {
    const counts = new Map<string, PostCounts>();
    for (const [id, media] of await graphNodes(LABEL, token, ids, "like_count,comments_count", fetchImpl)) {
      counts.set(id, {
        likes: countOf(media.like_count),
        reposts: null,
        replies: countOf(media.comments_count),
        quotes: null,
        impressions: null,
        clicks: null,
      });
    }
    return counts;
  },
};

async function permalink(token: string, id: string, handle: string, fetchImpl?: typeof fetch): Promise<string> {
  try {
    const response = await graphFetch(LABEL, `${graphUrl(`/${id}`)}?fields=permalink`, { token }, fetchImpl);
    const body = (await response.json()) as { permalink?: string };
    if (body.permalink) return body.permalink;
  } catch {
    // The answer to the publish is what counts; the address falls back to the profile.
  }
  return profile(handle);
}

const profile = (handle: string) => `${instagramWeb()}/${handle.replace(/^@/, "")}/`;

// Facebook Pages (Graph API): Facebook Login with the Pages permissions, the long-lived user token,
// the Pages the member manages (each with its own Page token, which does not run out), and a post on
// the Page's feed: POST /{page-id}/photos with the image and the text, else POST /{page-id}/feed.
import { facebookLogin, form, graphFetch, graphUrl, managedPages, metaBases } from "./graph.server";
import type { NetworkAdapter } from "./types";

const LABEL = "Facebook";

export const facebookAdapter: NetworkAdapter = {
  label: LABEL,
  oauth: facebookLogin(LABEL, ["pages_show_list", "pages_read_engagement", "pages_manage_posts"]),

  async accounts(tokens, fetchImpl) {
    const pages = await managedPages(LABEL, tokens.accessToken, fetchImpl);
    return pages.map((page) => ({
      account: { id: page.id, handle: page.name },
      tokens: { accessToken: page.accessToken, refreshToken: null, expiresAt: null },
    }));
  },

  async post(token, account, post, fetchImpl) {
    let id: string;
    if (post.image) {
      const body = new FormData();
      body.append("source", new Blob([new Uint8Array(post.image.bytes)], { type: post.image.mime }), "image");
      body.append("message", post.text);
      body.append("published", "true");
      const response = await graphFetch(LABEL, graphUrl(`/${account.id}/photos`), { method: "POST", token, body }, fetchImpl);
      const photo = (await response.json()) as { id: string; post_id?: string };
      id = photo.post_id ?? photo.id;
    } else {
      const response = await graphFetch(
        LABEL,
        graphUrl(`/${account.id}/feed`),
        { method: "POST", token, ...form({ message: post.text }) },
        fetchImpl,
      );
      id = ((await response.json()) as { id: string }).id;
    }
    return { id, url: `${metaBases().auth}/${id}` };
  },
};

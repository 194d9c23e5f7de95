// X (API v2): OAuth 2 with PKCE, GET /2/users/me, media via POST /2/media/upload, POST /2/tweets.
import { networkBases } from "./endpoints.server";
import { networkFetch } from "./network-http.server";
import type { NetworkAdapter } from "./types";

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
};

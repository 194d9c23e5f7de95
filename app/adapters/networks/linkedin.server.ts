// LinkedIn (versioned REST API): OAuth 2, GET /v2/userinfo (OpenID), images via
// POST /rest/images?action=initializeUpload then PUT, and POST /rest/posts as the member.
import { networkBases } from "./endpoints.server";
import { networkFetch } from "./network-http.server";
import type { NetworkAdapter } from "./types";

/** The LinkedIn-Version the request shapes follow (docs/networks/linkedin.md). */
export const LINKEDIN_VERSION = "202501";
const REST = { "LinkedIn-Version": LINKEDIN_VERSION, "X-Restli-Protocol-Version": "2.0.0", "Content-Type": "application/json" };
const bases = () => networkBases("linkedin");

export const linkedinAdapter: NetworkAdapter = {
  label: "LinkedIn",
  oauth: {
    scopes: ["openid", "profile", "w_member_social"],
    clientAuth: "post",
    authorizeUrl: () => `${bases().auth}/oauth/v2/authorization`,
    tokenUrl: () => `${bases().auth}/oauth/v2/accessToken`,
  },

  async account(token, _service, fetchImpl) {
    const response = await networkFetch("LinkedIn", `${bases().api}/v2/userinfo`, { token }, fetchImpl);
    const info = (await response.json()) as { sub: string; name?: string };
    return { id: info.sub, handle: info.name ?? info.sub };
  },

  async post(token, account, post, fetchImpl) {
    const author = `urn:li:person:${account.id}`;
    let image: string | undefined;
    if (post.image) {
      const init = await networkFetch(
        "LinkedIn",
        `${bases().api}/rest/images?action=initializeUpload`,
        { method: "POST", token, headers: REST, body: JSON.stringify({ initializeUploadRequest: { owner: author } }) },
        fetchImpl,
      );
      const { value } = (await init.json()) as { value: { uploadUrl: string; image: string } };
      await networkFetch(
        "LinkedIn",
        value.uploadUrl,
        { method: "PUT", token, headers: { "Content-Type": post.image.mime }, body: new Uint8Array(post.image.bytes) },
        fetchImpl,
      );
      image = value.image;
    }
    const response = await networkFetch(
      "LinkedIn",
      `${bases().api}/rest/posts`,
      {
        method: "POST",
        token,
        headers: REST,
        body: JSON.stringify({
          author,
          commentary: post.text,
          visibility: "PUBLIC",
          distribution: { feedDistribution: "MAIN_FEED", targetEntities: [], thirdPartyDistributionChannels: [] },
          lifecycleState: "PUBLISHED",
          isReshareDisabledByAuthor: false,
          ...(image ? { content: { media: { id: image, altText: post.image?.alt ?? "" } } } : {}),
        }),
      },
      fetchImpl,
    );
    const id = response.headers.get("x-restli-id") ?? "";
    return { id, url: `${bases().auth}/feed/update/${id}/` };
  },
};

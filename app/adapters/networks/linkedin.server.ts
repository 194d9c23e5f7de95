// LinkedIn (versioned REST API): OAuth 2, GET /v2/userinfo (OpenID), the organisations the member
// administers (GET /rest/organizationAcls, when the organisation permissions were granted), images via
// POST /rest/images?action=initializeUpload then PUT, and POST /rest/posts as the member or an organisation.
// A member post's counts come from GET /rest/memberCreatorPostAnalytics (one metric a request, lifetime total);
// an organisation's from GET /rest/organizationalEntityShareStatistics (up to 20 posts a request).
// Before a retry after a lost answer, the author's own posts come from GET /rest/posts?q=author.
import type { PostCounts } from "~/domain/channels/post-figures";
import { networkBases } from "./endpoints.server";
import { countOf, lookBackFrom, NetworkError, networkFetch, sameText } from "./network-http.server";
import type { Account, Choice, NetworkAdapter, Tokens } from "./types";

/** The LinkedIn-Version the request shapes follow (docs/networks/linkedin.md). */
export const LINKEDIN_VERSION = "202501";
/** Member post analytics exist from this version on (docs/networks/linkedin.md). */
export const LINKEDIN_ANALYTICS_VERSION = "202507";
/** The metrics read per post, and where each lands. */
export const LINKEDIN_METRICS = { IMPRESSION: "impressions", REACTION: "likes", COMMENT: "replies", RESHARE: "reposts" } as const;

/** The most posts one organizationalEntityShareStatistics request names. */
export const LINKEDIN_ORG_BATCH = 20;

/** The entity parameter in Rest.li 2.0 form: (share:urn%3Ali%3Ashare%3A1), or (ugc:…) for a ugcPost. */
export const linkedinEntity = (urn: string) => `(${urn.includes(":ugcPost:") ? "ugc" : "share"}:${encodeURIComponent(urn)})`;
const REST = { "LinkedIn-Version": LINKEDIN_VERSION, "X-Restli-Protocol-Version": "2.0.0", "Content-Type": "application/json" };
const bases = () => networkBases("linkedin");
const postUrl = (id: string) => `${bases().auth}/feed/update/${id}/`;

export const linkedinAdapter: NetworkAdapter = {
  label: "LinkedIn",
  oauth: {
    scopes: ["openid", "profile", "w_member_social"],
    organisationScopes: ["w_organization_social", "r_organization_social"],
    clientAuth: "post",
    authorizeUrl: () => `${bases().auth}/oauth/v2/authorization`,
    tokenUrl: () => `${bases().auth}/oauth/v2/accessToken`,
  },

  /** The member, then each organisation the member administers (none when those permissions were not granted). */
  async accounts(tokens) {
    const member = await memberOf(tokens.accessToken);
    return [{ account: member, tokens }, ...(await organisations(tokens))];
  },

  async post(token, account, post) {
    const author = authorOf(account);
    let image: string | undefined;
    if (post.image) {
      const init = await networkFetch("LinkedIn", `${bases().api}/rest/images?action=initializeUpload`, {
        method: "POST",
        token,
        headers: REST,
        body: JSON.stringify({ initializeUploadRequest: { owner: author } }),
      });
      const { value } = (await init.json()) as { value: { uploadUrl: string; image: string } };
      await networkFetch("LinkedIn", value.uploadUrl, {
        method: "PUT",
        token,
        headers: { "Content-Type": post.image.mime },
        body: new Uint8Array(post.image.bytes),
      });
      image = value.image;
    }
    const response = await networkFetch("LinkedIn", `${bases().api}/rest/posts`, {
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
    });
    const id = response.headers.get("x-restli-id") ?? "";
    return { id, url: postUrl(id) };
  },

  // The Posts API's finder, GET /rest/posts?q=author&author={urn}&sortBy=CREATED (X-RestLi-Method: FINDER,
  // the versioned headers as for posting): the author's posts, newest first. LinkedIn has no time
  // filter, so those created before the post was queued are left out here. Reading needs
  // r_member_social (a member) or r_organization_social (an organisation): without it LinkedIn refuses
  // and the retry waits instead of posting blind.
  async find(token, account, post) {
    // Built by hand: the URN is encoded as Rest.li 2.0 wants it in a query.
    const url = `${bases().api}/rest/posts?q=author&author=${encodeURIComponent(authorOf(account))}&sortBy=CREATED&count=100`;
    const response = await networkFetch("LinkedIn", url, { token, headers: { ...REST, "X-RestLi-Method": "FINDER" } });
    const { elements } = (await response.json()) as { elements?: { id: string; commentary?: string; createdAt?: number }[] };
    const since = lookBackFrom(post.queuedAt).getTime();
    const found = elements?.find((p) => (p.createdAt ?? 0) >= since && sameText(p.commentary ?? "", post.text));
    return found ? { id: found.id, url: postUrl(found.id) } : null;
  },

  async figures(token, account, posts) {
    const ids = posts.map((p) => p.id);
    const author = authorOf(account);
    if (author.startsWith("urn:li:organization:")) return organisationFigures(token, author, ids);
    const counts = new Map<string, PostCounts>();
    const headers = { ...REST, "LinkedIn-Version": LINKEDIN_ANALYTICS_VERSION };
    for (const urn of ids) {
      const found: PostCounts = { likes: null, reposts: null, replies: null, quotes: null, impressions: null, clicks: null };
      for (const [metric, field] of Object.entries(LINKEDIN_METRICS)) {
        // Built by hand: URLSearchParams would encode the Rest.li parentheses and colon.
        const url = `${bases().api}/rest/memberCreatorPostAnalytics?q=entity&entity=${linkedinEntity(urn)}&queryType=${metric}&aggregation=TOTAL`;
        const response = await networkFetch("LinkedIn", url, { token, headers });
        const { elements } = (await response.json()) as { elements?: { count?: unknown }[] };
        found[field] = elements?.length ? countOf(elements[0].count) : 0;
      }
      counts.set(urn, found);
    }
    return counts;
  },
};

interface ShareStatistics {
  share?: string;
  ugcPost?: string;
  totalShareStatistics?: Record<string, unknown>;
}

/**
 * An organisation's posts: GET /rest/organizationalEntityShareStatistics?q=organizationalEntity, naming
 * at most LINKEDIN_ORG_BATCH posts a request (shares=List(…) and ugcPosts=List(…)), the lifetime totals
 * in each element's totalShareStatistics. Needs r_organization_social (docs/networks/linkedin.md).
 */
async function organisationFigures(token: string, org: string, ids: string[]) {
  const counts = new Map<string, PostCounts>();
  const list = (urns: string[]) => `List(${urns.map(encodeURIComponent).join(",")})`;
  for (let i = 0; i < ids.length; i += LINKEDIN_ORG_BATCH) {
    const batch = ids.slice(i, i + LINKEDIN_ORG_BATCH);
    const shares = batch.filter((urn) => !urn.includes(":ugcPost:"));
    const ugcPosts = batch.filter((urn) => urn.includes(":ugcPost:"));
    // Built by hand: URLSearchParams would encode the Rest.li List( , ) syntax.
    const url =
      `${bases().api}/rest/organizationalEntityShareStatistics?q=organizationalEntity&organizationalEntity=${encodeURIComponent(org)}` +
      (shares.length ? `&shares=${list(shares)}` : "") +
      (ugcPosts.length ? `&ugcPosts=${list(ugcPosts)}` : "");
    const response = await networkFetch("LinkedIn", url, { token, headers: REST });
    const { elements } = (await response.json()) as { elements?: ShareStatistics[] };
    for (const element of elements ?? []) {
      const urn = element.share ?? element.ugcPost;
      if (!urn || !batch.includes(urn)) continue;
      const stats = element.totalShareStatistics ?? {};
      counts.set(urn, {
        likes: countOf(stats.likeCount),
        replies: countOf(stats.commentCount),
        reposts: countOf(stats.shareCount),
        quotes: null,
        impressions: countOf(stats.impressionCount),
        clicks: countOf(stats.clickCount),
      });
    }
  }
  return counts;
}

/** An organisation's account id is its URN; the member's is the OpenID `sub`. */
export const authorOf = (account: Account) => (account.id.startsWith("urn:li:") ? account.id : `urn:li:person:${account.id}`);

async function memberOf(token: string): Promise<Account> {
  const response = await networkFetch("LinkedIn", `${bases().api}/v2/userinfo`, { token });
  const info = (await response.json()) as { sub: string; name?: string };
  return { id: info.sub, handle: info.name ?? info.sub };
}

/** GET /rest/organizationAcls?q=roleAssignee&role=ADMINISTRATOR: a 403 means the permissions were not granted. */
async function organisations(tokens: Tokens): Promise<Choice[]> {
  const query = new URLSearchParams({ q: "roleAssignee", role: "ADMINISTRATOR", state: "APPROVED" });
  let acls: { organization: string }[];
  try {
    const response = await networkFetch("LinkedIn", `${bases().api}/rest/organizationAcls?${query}`, {
      token: tokens.accessToken,
      headers: REST,
    });
    acls = ((await response.json()) as { elements?: { organization: string }[] }).elements ?? [];
  } catch (error) {
    if (error instanceof NetworkError && error.failure.kind === "rejected") return [];
    throw error;
  }
  const urns = [...new Set(acls.map((a) => a.organization).filter((u) => u.startsWith("urn:li:organization:")))];
  return Promise.all(urns.map(async (urn) => ({ account: { id: urn, handle: await organisationName(urn, tokens.accessToken) }, tokens })));
}

/** The organisation's name (GET /rest/organizations/{id}); its URN when LinkedIn does not say. */
async function organisationName(urn: string, token: string): Promise<string> {
  try {
    const id = urn.slice("urn:li:organization:".length);
    const response = await networkFetch("LinkedIn", `${bases().api}/rest/organizations/${id}`, { token, headers: REST });
    const org = (await response.json()) as { localizedName?: string };
    return org.localizedName ? `${org.localizedName} (organisation)` : urn;
  } catch {
    return urn;
  }
}

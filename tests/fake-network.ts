// Fake X, LinkedIn, Mastodon and Bluesky on loopback, speaking the subset the studio uses
// (docs/networks/): the consent page (approves at once), token and refresh with PKCE checked,
// Mastodon's app registration and Idempotency-Key, Bluesky's sessions (tests/fake-bluesky.ts),
// who-am-I, media upload, posting, each post's counts (settable), the account's own posts (X's
// timeline, LinkedIn's posts by author: what a retry after a lost answer reads), and errors on demand
// (loseNextAnswer: a post stored whose answer never arrives). Vitest and the Playwright specs run it.
import { createHash, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { blueskyRoutes, grantBlueskyAccess, type FakeBluesky } from "./fake-bluesky";

export interface FakePost {
  network: "twitter" | "linkedin" | "mastodon" | "bluesky";
  body: Record<string, unknown>;
  token: string;
  /** The id the network gave: X's tweet id, LinkedIn's urn, Mastodon's status id, Bluesky's at:// URI. */
  id: string;
  /** When X or LinkedIn took it (epoch ms). */
  at?: number;
}

/** A post's counts as the fake reports them (0 when not set). */
export type FakeCounts = Partial<Record<"likes" | "reposts" | "replies" | "quotes" | "impressions" | "clicks", number>>;

export interface FakeNetwork {
  base: string;
  /** The developer apps the fake knows (client id → secret). */
  apps: Map<string, string>;
  posts: FakePost[];
  media: { network: string; bytes: number }[];
  /** Token requests, for checking refreshes. */
  tokenGrants: string[];
  /** Each post's counts by the id the network gave; a post the fake made and no one set reports zeros. */
  counts: Map<string, FakeCounts>;
  /** The counts requests, as path and query, in order. */
  countRequests: string[];
  /** Reads of the account's own posts (X's timeline, LinkedIn's posts by author), as path and query, in order. */
  lookups: string[];
  /** The network no longer shows this post (deleted). */
  forget(id: string): void;
  /** The next request whose path starts with the key answers this instead. */
  failNext(pathPrefix: string, reply: { status: number; body?: unknown; headers?: Record<string, string> }): void;
  /** The next request whose path starts with the key is carried out, but its answer is lost (a 502). */
  loseNextAnswer(pathPrefix: string): void;
  /** Mastodon answers media uploads with 202 (still processing) until a GET of the media says 200. */
  mastodonMediaAsync: boolean;
  /** Apps the studio registered on the fake Mastodon instance (POST /api/v1/apps). */
  mastodonApps: { client_name: string; redirect_uris: string; scopes: string }[];
  /** Bluesky: accounts (handle → app password) and the records written. */
  bluesky: FakeBluesky;
  /** An access token the network takes, without going through its consent page (tests that start connected), with these scopes. */
  grant(network: FakePost["network"], scope?: string): string;
  /** Every token the fake issued stops working (API 401, refresh invalid_grant). */
  revokeAll(): void;
  /** Access tokens issued from now on last this many seconds. */
  accessSeconds: number;
  /** LinkedIn organisations the member administers (seen only with the organisation permissions). */
  linkedinOrgs: { id: string; name: string }[];
  close(): Promise<void>;
}

const sha256url = (text: string) => createHash("sha256").update(text).digest("base64url");
const token = () => randomBytes(16).toString("hex");

export async function startFakeNetwork(port = 0): Promise<FakeNetwork> {
  const codes = new Map<string, { challenge: string; clientId: string; redirectUri: string; network: string; scope: string }>();
  /** Access token → the scopes it was granted. */
  const access = new Map<string, string>();
  const refresh = new Map<string, string>();
  const failures: { prefix: string; reply: { status: number; body?: unknown; headers?: Record<string, string> } }[] = [];
  const lost: string[] = [];
  const idempotent = new Map<string, unknown>();
  const forgotten = new Set<string>();
  let ids = 1000;
  /** The counts of a post the fake knows, or null when it does not (or was told to forget it). */
  const countsOf = (id: string): Required<FakeCounts> | null => {
    if (forgotten.has(id) || (!fake.counts.has(id) && !fake.posts.some((p) => p.id === id))) return null;
    return { likes: 0, reposts: 0, replies: 0, quotes: 0, impressions: 0, clicks: 0, ...fake.counts.get(id) };
  };

  const fake: FakeNetwork = {
    base: "",
    apps: new Map(),
    posts: [],
    media: [],
    tokenGrants: [],
    counts: new Map(),
    countRequests: [],
    lookups: [],
    forget: (id) => void forgotten.add(id),
    grant: (network, scope = "") => {
      if (network === "bluesky") return grantBlueskyAccess(fake.bluesky, "brightpath.bsky.social");
      const a = token();
      access.set(a, scope);
      return a;
    },
    accessSeconds: 7200,
    linkedinOrgs: [],
    failNext: (prefix, reply) => void failures.push({ prefix, reply }),
    loseNextAnswer: (prefix) => void lost.push(prefix),
    mastodonApps: [],
    mastodonMediaAsync: false,
    bluesky: { accounts: new Map(), records: new Map(), sessions: { access: new Map(), refresh: new Set() } },
    revokeAll: () => {
      access.clear();
      refresh.clear();
      fake.bluesky.sessions.access.clear();
      fake.bluesky.sessions.refresh.clear();
    },
    close: async () => undefined,
  };

  const json = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
    res.writeHead(status, { "Content-Type": "application/json", ...headers }).end(JSON.stringify(body));

  function issue(res: http.ServerResponse, network: string, scope = "") {
    const a = token();
    const r = token();
    access.set(a, scope);
    // Mastodon's tokens do not run out and come without a refresh token.
    if (network === "mastodon") return json(res, 200, { access_token: a, token_type: "Bearer", scope: "read:accounts", created_at: 1 });
    refresh.set(r, network);
    // LinkedIn's token answer has no token_type; X's does.
    const typed = network === "twitter" ? { token_type: "bearer", scope: "tweet.write users.read offline.access" } : {};
    json(res, 200, { ...typed, access_token: a, refresh_token: r, expires_in: fake.accessSeconds });
  }

  function tokenEndpoint(network: string, req: http.IncomingMessage, form: URLSearchParams, res: http.ServerResponse) {
    // X: client_secret_basic; LinkedIn: client_secret_post.
    const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? "")?.[1];
    const [id, secret] = basic
      ? Buffer.from(basic, "base64").toString().split(":").map(decodeURIComponent)
      : [form.get("client_id") ?? "", form.get("client_secret") ?? ""];
    if (fake.apps.get(id) !== secret) return json(res, 401, { error: "invalid_client", error_description: "Unknown client" });
    fake.tokenGrants.push(form.get("grant_type") ?? "");
    if (form.get("grant_type") === "refresh_token") {
      const old = form.get("refresh_token") ?? "";
      if (!refresh.has(old)) return json(res, 400, { error: "invalid_grant", error_description: "Refresh token was revoked" });
      refresh.delete(old);
      return issue(res, network);
    }
    const code = codes.get(form.get("code") ?? "");
    codes.delete(form.get("code") ?? "");
    if (!code || code.clientId !== id || code.redirectUri !== form.get("redirect_uri"))
      return json(res, 400, { error: "invalid_grant", error_description: "Unknown code" });
    if (sha256url(form.get("code_verifier") ?? "") !== code.challenge)
      return json(res, 400, { error: "invalid_grant", error_description: "PKCE verification failed" });
    issue(res, network, code.scope);
  }

  function authorize(network: string, url: URL, res: http.ServerResponse) {
    const clientId = url.searchParams.get("client_id") ?? "";
    const redirectUri = url.searchParams.get("redirect_uri") ?? "";
    if (!fake.apps.has(clientId) || url.searchParams.get("code_challenge_method") !== "S256")
      return json(res, 400, { error: "invalid_request" });
    // Mastodon sends back only to the redirect address the app registered.
    const registered = registeredRedirect.get(clientId);
    if (network === "mastodon" && registered !== redirectUri) return json(res, 400, { error: "invalid_redirect_uri" });
    const code = token();
    const scope = url.searchParams.get("scope") ?? "";
    codes.set(code, { challenge: url.searchParams.get("code_challenge") ?? "", clientId, redirectUri, network, scope });
    const back = new URL(redirectUri);
    back.searchParams.set("code", code);
    back.searchParams.set("state", url.searchParams.get("state") ?? "");
    res.writeHead(302, { Location: back.toString() }).end();
  }

  const registeredRedirect = new Map<string, string>();
  const processing = new Set<string>();
  /** Mastodon's API; false when the path is not one of its. */
  function mastodon(req: http.IncomingMessage, path: string, raw: Buffer, bearer: string, res: http.ServerResponse): boolean {
    const answer = (status: number, body: unknown) => {
      json(res, status, body);
      return true;
    };
    if (path === "/api/v1/accounts/verify_credentials")
      return answer(200, { id: "109348", username: "brightpath", acct: "brightpath", url: `${fake.base}/@brightpath` });
    if (path === "/api/v2/media") {
      fake.media.push({ network: "mastodon", bytes: raw.length });
      const id = String(++ids);
      if (!fake.mastodonMediaAsync) return answer(200, { id, type: "image", url: `${fake.base}/media/${id}.png` });
      processing.add(id);
      return answer(202, { id, type: "image", url: null });
    }
    if (path.startsWith("/api/v1/media/")) {
      const id = path.slice("/api/v1/media/".length);
      processing.delete(id);
      return answer(200, { id, type: "image", url: `${fake.base}/media/${id}.png` });
    }
    if (path.startsWith("/api/v1/statuses/") && req.method === "GET") {
      const id = decodeURIComponent(path.slice("/api/v1/statuses/".length));
      fake.countRequests.push(path);
      const c = countsOf(id);
      if (!c) return answer(404, { error: "Record not found" });
      const counts = { favourites_count: c.likes, reblogs_count: c.reposts, replies_count: c.replies };
      return answer(200, { id, url: `${fake.base}/@brightpath/${id}`, ...counts });
    }
    if (path === "/api/v1/statuses") {
      const key = String(req.headers["idempotency-key"] ?? "");
      // Mastodon answers a repeated Idempotency-Key with the status it already made.
      if (key && idempotent.has(key)) return answer(200, idempotent.get(key));
      const body = JSON.parse(raw.toString()) as { status?: string; media_ids?: string[] };
      if (body.media_ids?.some((m) => processing.has(m)))
        return answer(422, { error: "Cannot attach files that have not finished processing. Try again in a moment!" });
      if (!body.status) return answer(422, { error: "Validation failed: Text can't be blank" });
      const id = String(++ids);
      const status = { id, url: `${fake.base}/@brightpath/${id}`, uri: `${fake.base}/users/brightpath/statuses/${id}` };
      fake.posts.push({ network: "mastodon", body, token: bearer, id });
      if (key) idempotent.set(key, status);
      return answer(200, status);
    }
    return false;
  }

  /**
   * X API v2 GET /2/users/:id/tweets?start_time=…: the account's posts from then on, newest first, as
   * X shows them: &, < and > escaped, each link a t.co link, an image one more t.co link at the end.
   */
  function xTimeline(userId: string, url: URL, res: http.ServerResponse) {
    fake.lookups.push(`${url.pathname}${url.search}`);
    if (userId !== "2244994945") return json(res, 404, { title: "Not Found Error" });
    const start = url.searchParams.get("start_time") ?? "";
    if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/.test(start)) return json(res, 400, { title: "Invalid Request", detail: "start_time" });
    const max = Number(url.searchParams.get("max_results") ?? 10);
    if (!(max >= 5 && max <= 100)) return json(res, 400, { title: "Invalid Request", detail: "max_results 5 to 100" });
    const data = fake.posts
      .filter((p) => p.network === "twitter" && (p.at ?? 0) >= Date.parse(start))
      .reverse()
      .slice(0, max)
      .map((p) => {
        const body = p.body as { text?: string; media?: { media_ids?: string[] } };
        const urls: { url: string; expanded_url: string; media_key?: string }[] = [];
        const shorten = (long: string) => {
          const short = `https://t.co/${sha256url(long).slice(0, 10)}`;
          urls.push({ url: short, expanded_url: long });
          return short;
        };
        let text = String(body.text ?? "")
          .replace(/&/g, "&amp;")
          .replace(/</g, "&lt;")
          .replace(/>/g, "&gt;")
          .replace(/https?:\/\/\S+/g, shorten);
        for (const media of body.media?.media_ids ?? []) {
          const short = `https://t.co/m${media}`;
          urls.push({ url: short, expanded_url: `https://x.com/brightpath/status/${p.id}/photo/1`, media_key: `3_${media}` });
          text += ` ${short}`;
        }
        return { id: p.id, text, created_at: new Date(p.at ?? 0).toISOString(), entities: { urls } };
      });
    json(res, 200, data.length ? { data, meta: { result_count: data.length } } : { meta: { result_count: 0 } });
  }

  /** LinkedIn's Posts API finder, GET /rest/posts?q=author&author={urn}: that author's posts, newest first. */
  function linkedinPostsByAuthor(url: URL, res: http.ServerResponse) {
    fake.lookups.push(`${url.pathname}${url.search}`);
    const author = url.searchParams.get("author") ?? "";
    if (url.searchParams.get("q") !== "author" || !author.startsWith("urn:li:"))
      return json(res, 400, { status: 400, message: "Invalid query parameters passed to request" });
    const elements = fake.posts
      .filter((p) => p.network === "linkedin" && p.body.author === author)
      .reverse()
      .slice(0, Number(url.searchParams.get("count") ?? 10))
      .map((p) => ({ id: p.id, author, commentary: p.body.commentary, createdAt: p.at, lifecycleState: "PUBLISHED" }));
    json(res, 200, { paging: { start: 0, count: elements.length, links: [] }, elements });
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks);
      const url = new URL(req.url ?? "/", "http://fake");
      const path = url.pathname;
      const failure = failures.findIndex((f) => path.startsWith(f.prefix));
      if (failure !== -1) {
        const { reply } = failures.splice(failure, 1)[0];
        return json(res, reply.status, reply.body ?? {}, reply.headers);
      }
      const losing = lost.findIndex((prefix) => path.startsWith(prefix));
      if (losing !== -1) {
        // Carried out below, but the studio hears only a gateway error.
        lost.splice(losing, 1);
        const end = res.end.bind(res);
        const writeHead = res.writeHead.bind(res);
        res.writeHead = (() => res) as unknown as typeof res.writeHead;
        res.end = (() => (writeHead(502, { "Content-Type": "application/json" }), end("{}"))) as unknown as typeof res.end;
      }
      if (path.startsWith("/xrpc/"))
        return blueskyRoutes(fake.bluesky, {
          path,
          url,
          raw,
          req,
          res,
          json,
          base: () => fake.base,
          next: () => ++ids,
          accessSeconds: () => fake.accessSeconds,
          posted: (body, token, id) => fake.posts.push({ network: "bluesky", body, token, id }),
          counts: (uri) => {
            fake.countRequests.push(`${path}${url.search}`);
            return countsOf(uri);
          },
          media: (bytes) => fake.media.push({ network: "bluesky", bytes }),
        });
      if (path === "/api/v1/apps" && req.method === "POST") {
        const app = JSON.parse(raw.toString()) as { client_name: string; redirect_uris: string; scopes: string };
        fake.mastodonApps.push(app);
        const id = `mastodon-${++ids}`;
        const secret = token();
        fake.apps.set(id, secret);
        registeredRedirect.set(id, app.redirect_uris);
        return json(res, 200, {
          id: String(ids),
          name: app.client_name,
          client_id: id,
          client_secret: secret,
          redirect_uri: app.redirect_uris,
        });
      }
      if (path === "/oauth/authorize") return authorize("mastodon", url, res);
      if (path === "/oauth/token") return tokenEndpoint("mastodon", req, new URLSearchParams(raw.toString()), res);
      if (path === "/i/oauth2/authorize") return authorize("twitter", url, res);
      if (path === "/oauth/v2/authorization") return authorize("linkedin", url, res);
      if (path === "/2/oauth2/token") return tokenEndpoint("twitter", req, new URLSearchParams(raw.toString()), res);
      if (path === "/oauth/v2/accessToken") return tokenEndpoint("linkedin", req, new URLSearchParams(raw.toString()), res);
      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1] ?? "";
      if (!access.has(bearer))
        return path.startsWith("/api/v")
          ? json(res, 401, { error: "The access token is invalid" })
          : json(res, 401, { title: "Unauthorized", detail: "Invalid or expired token" });
      if (mastodon(req, path, raw, bearer, res)) return;
      if (path === "/2/users/me") return json(res, 200, { data: { id: "2244994945", username: "brightpath", name: "Bright Path" } });
      if (path === "/v2/userinfo") return json(res, 200, { sub: "782bbtaQ", name: "Bright Path" });
      if (path === "/2/media/upload") {
        fake.media.push({ network: "twitter", bytes: raw.length });
        return json(res, 200, { data: { id: String(++ids), media_key: `3_${ids}` } });
      }
      if (path === "/2/tweets" && req.method === "GET") {
        fake.countRequests.push(`${path}${url.search}`);
        const fields = url.searchParams.get("tweet.fields");
        const nonPublic = fields === "public_metrics,non_public_metrics";
        if (fields !== "public_metrics" && !nonPublic) return json(res, 400, { title: "Invalid Request" });
        const asked = (url.searchParams.get("ids") ?? "").split(",").filter(Boolean);
        if (asked.length === 0 || asked.length > 100) return json(res, 400, { title: "Invalid Request", detail: "1 to 100 ids" });
        const data = asked.flatMap((id) => {
          const c = countsOf(id);
          if (!c) return [];
          const metrics = { retweet_count: c.reposts, reply_count: c.replies, like_count: c.likes, quote_count: c.quotes };
          const tweet = { id, text: "", public_metrics: { ...metrics, bookmark_count: 0, impression_count: c.impressions } };
          const hidden = { impression_count: c.impressions, url_link_clicks: c.clicks, user_profile_clicks: 0 };
          return [nonPublic ? { ...tweet, non_public_metrics: hidden } : tweet];
        });
        const missing = asked.filter((id) => !countsOf(id));
        return json(res, 200, {
          ...(data.length ? { data } : {}),
          ...(missing.length ? { errors: missing.map((id) => ({ value: id, title: "Not Found Error", type: "not-found" })) } : {}),
        });
      }
      const timeline = /^\/2\/users\/([^/]+)\/tweets$/.exec(path);
      if (timeline && req.method === "GET") return xTimeline(timeline[1], url, res);
      if (path === "/2/tweets") {
        const id = String(++ids);
        fake.posts.push({ network: "twitter", body: JSON.parse(raw.toString()), token: bearer, id, at: Date.now() });
        return json(res, 201, { data: { id, text: "" } });
      }
      if (path === "/rest/images" && url.searchParams.get("action") === "initializeUpload")
        return json(res, 200, { value: { uploadUrl: `${fake.base}/upload/${++ids}`, image: `urn:li:image:${ids}` } });
      if (path.startsWith("/upload/")) {
        fake.media.push({ network: "linkedin", bytes: raw.length });
        return void res.writeHead(201).end();
      }
      const scopes = (access.get(bearer) ?? "").split(" ");
      const orgScoped = scopes.includes("r_organization_social") || scopes.includes("w_organization_social");
      if (path === "/rest/organizationAcls" && url.searchParams.get("q") === "roleAssignee") {
        if (!orgScoped)
          return json(res, 403, { status: 403, message: "Not enough permissions to access: organizationAcls.FINDER-roleAssignee" });
        return json(res, 200, {
          elements: fake.linkedinOrgs.map((o) => ({
            organization: `urn:li:organization:${o.id}`,
            role: url.searchParams.get("role"),
            state: "APPROVED",
            roleAssignee: "urn:li:person:782bbtaQ",
          })),
        });
      }
      if (path.startsWith("/rest/organizations/")) {
        const org = fake.linkedinOrgs.find((o) => o.id === path.slice("/rest/organizations/".length));
        return org
          ? json(res, 200, { id: Number(org.id), localizedName: org.name, vanityName: org.name.toLowerCase() })
          : json(res, 404, {});
      }
      if (path === "/rest/posts" && req.method === "GET") {
        if (req.headers["linkedin-version"] === undefined) return json(res, 400, { message: "LinkedIn-Version header missing" });
        return linkedinPostsByAuthor(url, res);
      }
      if (path === "/rest/posts") {
        if (req.headers["linkedin-version"] === undefined) return json(res, 400, { message: "LinkedIn-Version header missing" });
        const author = String((JSON.parse(raw.toString()) as { author?: string }).author ?? "");
        if (author.startsWith("urn:li:organization:") && !scopes.includes("w_organization_social"))
          return json(res, 403, { status: 403, message: "Not enough permissions to post as the organization" });
        const id = `urn:li:share:${++ids}`;
        fake.posts.push({ network: "linkedin", body: JSON.parse(raw.toString()), token: bearer, id, at: Date.now() });
        return void res.writeHead(201, { "x-restli-id": id }).end();
      }
      if (path === "/rest/memberCreatorPostAnalytics") {
        fake.countRequests.push(`${path}${url.search}`);
        // Member post analytics came with 202506; an older version does not know the resource.
        if (String(req.headers["linkedin-version"] ?? "") < "202506") return json(res, 404, { message: "Resource not found" });
        const entity = /^\((share|ugc):(urn:li:(?:share|ugcPost):\d+)\)$/.exec(url.searchParams.get("entity") ?? "");
        const field = { IMPRESSION: "impressions", REACTION: "likes", COMMENT: "replies", RESHARE: "reposts" }[
          url.searchParams.get("queryType") ?? ""
        ] as keyof FakeCounts | undefined;
        if (url.searchParams.get("q") !== "entity" || !entity || !field || url.searchParams.get("aggregation") !== "TOTAL")
          return json(res, 400, { message: "Invalid query parameters" });
        const c = countsOf(entity[2]);
        if (!c) return json(res, 404, { message: "Not found" });
        const metricType = {
          "com.linkedin.adsexternalapi.memberanalytics.v1.CreatorPostAnalyticsMetricTypeV1": url.searchParams.get("queryType"),
        };
        return json(res, 200, { paging: { start: 0, count: 10, links: [] }, elements: [{ count: c[field], metricType }] });
      }
      if (path === "/rest/organizationalEntityShareStatistics") {
        fake.countRequests.push(`${path}${url.search}`);
        if (req.headers["linkedin-version"] === undefined) return json(res, 400, { message: "LinkedIn-Version header missing" });
        if (!scopes.includes("r_organization_social"))
          return json(res, 403, { status: 403, message: "Not enough permissions to access: organizationalEntityShareStatistics" });
        const org = url.searchParams.get("organizationalEntity") ?? "";
        const listed = (name: string) => {
          const value = url.searchParams.get(name);
          if (value === null) return [];
          const inner = /^List\((.*)\)$/.exec(value);
          return inner ? inner[1].split(",") : null;
        };
        const shares = listed("shares");
        const ugcPosts = listed("ugcPosts");
        if (url.searchParams.get("q") !== "organizationalEntity" || !/^urn:li:organization:\d+$/.test(org) || !shares || !ugcPosts)
          return json(res, 400, { message: "Invalid query parameters" });
        if (shares.length + ugcPosts.length > 20) return json(res, 400, { message: "At most 20 shares and ugcPosts a request" });
        const element = (key: "share" | "ugcPost") => (urn: string) => {
          const c = countsOf(urn);
          if (!c) return [];
          const totalShareStatistics = {
            uniqueImpressionsCount: c.impressions,
            shareCount: c.reposts,
            engagement: 0,
            clickCount: c.clicks,
            likeCount: c.likes,
            impressionCount: c.impressions,
            commentCount: c.replies,
          };
          return [{ organizationalEntity: org, [key]: urn, totalShareStatistics }];
        };
        const elements = [...shares.flatMap(element("share")), ...ugcPosts.flatMap(element("ugcPost"))];
        return json(res, 200, { paging: { start: 0, count: 10, links: [] }, elements });
      }
      json(res, 404, { error: "not_found" });
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  fake.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}

/** Points the studio's network settings at the fake (Mastodon's instance is typed in Settings). */
export function useFakeNetwork(base: string) {
  for (const name of ["X", "LINKEDIN"]) {
    process.env[`NETWORK_${name}_AUTH_URL`] = base;
    process.env[`NETWORK_${name}_API_URL`] = base;
  }
  process.env.NETWORK_BLUESKY_SERVICE_URL = base;
  process.env.NETWORK_BLUESKY_WEB_URL = base;
  // The fake lives on loopback, which typed addresses may reach only with this set.
  process.env.STUDIO_ALLOW_PRIVATE_TARGETS = "1";
}

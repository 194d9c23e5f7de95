// Fake Meta Graph API and Threads API on loopback, speaking the subset the studio uses for Facebook
// Pages, Instagram and Threads (docs/networks/facebook.md, instagram.md, threads.md): the consent
// pages (approve at once), the code traded with PKCE checked, the long-lived exchanges and Threads'
// refresh, the Pages a member manages with their Page tokens, each Page's linked Instagram account,
// feed and photo posts, a Page's published posts (what a retry after a lost answer reads), Instagram's
// and Threads' container and publish, permalinks, each post's counts (Graph's ?ids= fields and
// Threads' insights, set per post by a test), and Meta's error bodies or lost answers on demand.
import { createHash, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

export const GRAPH = "/v21.0";
export const THREADS = "/v1.0";
export const THREADS_USER = { id: "25046880871", username: "brightpath" };

export interface FakePage {
  id: string;
  name: string;
  instagram?: { id: string; username: string };
}

export interface FakeMetaPost {
  network: "facebook" | "instagram" | "threads";
  path: string;
  fields: Record<string, string>;
  token: string;
  imageBytes: number;
  /** A Facebook post's id (`{page-id}_{post-id}`) and when it was taken (epoch ms). */
  id?: string;
  at?: number;
}

type Reply = { status: number; body?: unknown };

/** A post's counts as a test sets them; one left unset is left out of the answer, as Meta does. */
export interface FakeMetaCounts {
  likes?: number;
  /** Facebook's comments, Instagram's comments_count, Threads' replies. */
  replies?: number;
  /** Facebook's shares, Threads' reposts. */
  reposts?: number;
  quotes?: number;
  views?: number;
}

export interface FakeMeta {
  base: string;
  /** The Meta apps the fake knows (app id → secret). */
  apps: Map<string, string>;
  /** The Pages the signed-in member manages. */
  pages: FakePage[];
  posts: FakeMetaPost[];
  /** Instagram's and Threads' containers (container id → the fields they were made with, and whether published). */
  containers: Map<string, Record<string, string> & { published?: string }>;
  /** Token requests by grant type, in order. */
  tokenGrants: string[];
  /** Every request's path and the kind of token it carried ("short", "long", "page" or "none"). */
  calls: { method: string; path: string; token: TokenKind | "none" }[];
  /** Seconds the long-lived user token (Meta's and Threads') lasts. */
  longSeconds: number;
  /** The Threads apps the fake knows (app id → secret). */
  threadsApps: Map<string, string>;
  /** Counts by the post's id (Facebook's `{page-id}_{post-id}`, Instagram's and Threads' media id). */
  counts: Map<string, FakeMetaCounts>;
  /** Every counts request's path and query, in order. */
  countRequests: string[];
  /** A token the fake accepts, as if issued at connect: "page" (with its Page), "long" or "th-long". */
  grant(kind: "page" | "long" | "th-long", pageId?: string): string;
  /** The next request whose path starts with the key (and has the method, if given) answers this instead. */
  failNext(pathPrefix: string, reply: Reply, method?: string): void;
  /** The next request whose path starts with the key is carried out, but its answer is lost (a 502). */
  loseNextAnswer(pathPrefix: string): void;
  /** Every token stops working (Meta's code 190). */
  revokeAll(): void;
  reset(): void;
  close(): Promise<void>;
}

type TokenKind = "short" | "long" | "page" | "th-short" | "th-long";

const sha256url = (text: string) => createHash("sha256").update(text).digest("base64url");
const newToken = (kind: string) => `${kind}-${randomBytes(12).toString("hex")}`;

export const expiredSession = {
  error: { message: "Error validating access token: Session has expired.", type: "OAuthException", code: 190, error_subcode: 463 },
};

export async function startFakeMeta(port = 0): Promise<FakeMeta> {
  const codes = new Map<string, { challenge: string; appId: string; redirectUri: string }>();
  const tokens = new Map<string, { kind: TokenKind; pageId?: string }>();
  const failures: { prefix: string; reply: Reply; method?: string }[] = [];
  const lost: string[] = [];
  let ids = 5000;

  const fake: FakeMeta = {
    base: "",
    apps: new Map(),
    pages: [],
    posts: [],
    containers: new Map(),
    tokenGrants: [],
    calls: [],
    longSeconds: 5_184_000,
    threadsApps: new Map(),
    counts: new Map(),
    countRequests: [],
    grant: (kind, pageId) => issue(kind, pageId),
    failNext: (prefix, reply, method) => void failures.push({ prefix, reply, method }),
    loseNextAnswer: (prefix) => void lost.push(prefix),
    revokeAll: () => tokens.clear(),
    reset: () => {
      fake.apps.clear();
      fake.threadsApps.clear();
      fake.pages = [];
      fake.posts.length = 0;
      fake.containers.clear();
      fake.tokenGrants.length = 0;
      fake.calls.length = 0;
      fake.longSeconds = 5_184_000;
      fake.counts.clear();
      fake.countRequests.length = 0;
      failures.length = 0;
      lost.length = 0;
    },
    close: async () => undefined,
  };

  const json = (res: http.ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
  const graphError = (res: http.ServerResponse, code: number, message: string, status = 400) =>
    json(res, status, { error: { message, type: "OAuthException", code, fbtrace_id: "Afake" } });

  function issue(kind: TokenKind, pageId?: string) {
    const t = newToken(kind);
    tokens.set(t, { kind, pageId });
    return t;
  }

  function authorize(url: URL, res: http.ServerResponse, apps = fake.apps) {
    const appId = url.searchParams.get("client_id") ?? "";
    const redirectUri = url.searchParams.get("redirect_uri") ?? "";
    if (!apps.has(appId)) return graphError(res, 101, "Error validating application. Invalid application ID.");
    if (url.searchParams.get("code_challenge_method") !== "S256") return graphError(res, 100, "code_challenge_method must be S256");
    const code = newToken("code");
    codes.set(code, { challenge: url.searchParams.get("code_challenge") ?? "", appId, redirectUri });
    const back = new URL(redirectUri);
    back.searchParams.set("code", code);
    back.searchParams.set("state", url.searchParams.get("state") ?? "");
    res.writeHead(302, { Location: back.toString() }).end();
  }

  function tokenEndpoint(params: URLSearchParams, res: http.ServerResponse, apps = fake.apps, kind: TokenKind = "short") {
    const appId = params.get("client_id") ?? "";
    if (apps.get(appId) !== params.get("client_secret")) return graphError(res, 1, "Error validating client secret.");
    const grant = params.get("grant_type") ?? "";
    fake.tokenGrants.push(grant);
    if (grant === "fb_exchange_token") {
      const short = tokens.get(params.get("fb_exchange_token") ?? "");
      if (!short) return graphError(res, 190, "Invalid OAuth access token.");
      return json(res, 200, { access_token: issue("long"), token_type: "bearer", expires_in: fake.longSeconds });
    }
    const code = codes.get(params.get("code") ?? "");
    codes.delete(params.get("code") ?? "");
    if (!code || code.appId !== appId || code.redirectUri !== params.get("redirect_uri"))
      return graphError(res, 100, "Invalid verification code format.");
    if (sha256url(params.get("code_verifier") ?? "") !== code.challenge) return graphError(res, 100, "Invalid code verifier.");
    // Threads answers the code with the token and the user id, and no token_type.
    if (kind === "th-short") return json(res, 200, { access_token: issue(kind), user_id: THREADS_USER.id });
    json(res, 200, { access_token: issue(kind), token_type: "bearer", expires_in: 5400 });
  }

  async function fieldsOf(req: http.IncomingMessage, raw: Buffer, url: URL) {
    const type = String(req.headers["content-type"] ?? "");
    const fields: Record<string, string> = Object.fromEntries(url.searchParams);
    let imageBytes = 0;
    if (type.startsWith("multipart/form-data")) {
      const form = await new Response(new Uint8Array(raw), { headers: { "content-type": type } }).formData();
      for (const [key, value] of form) {
        if (typeof value === "string") fields[key] = value;
        else imageBytes += value.size;
      }
    } else Object.assign(fields, Object.fromEntries(new URLSearchParams(raw.toString())));
    return { fields, imageBytes };
  }

  async function handle(req: http.IncomingMessage, raw: Buffer, res: http.ServerResponse) {
    const url = new URL(req.url ?? "/", "http://fake");
    const path = url.pathname;
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1] ?? url.searchParams.get("access_token") ?? "";
    const held = tokens.get(bearer);
    fake.calls.push({ method: req.method ?? "GET", path, token: held?.kind ?? "none" });
    const failure = failures.findIndex((f) => path.startsWith(f.prefix) && (!f.method || f.method === req.method));
    if (failure !== -1) {
      const { reply } = failures.splice(failure, 1)[0];
      return json(res, reply.status, reply.body ?? {});
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
    if (path === `${GRAPH}/dialog/oauth`) return authorize(url, res);
    if (path === "/oauth/authorize") return authorize(url, res, fake.threadsApps);
    if (path === "/oauth/access_token") return tokenEndpoint(new URLSearchParams(raw.toString()), res, fake.threadsApps, "th-short");
    if (path.startsWith("/access_token") || path.startsWith("/refresh_access_token") || path.startsWith(THREADS))
      return threads(req, raw, url, res);
    if (path === `${GRAPH}/oauth/access_token`)
      return tokenEndpoint(req.method === "POST" ? new URLSearchParams(raw.toString()) : url.searchParams, res);
    if (!held) return json(res, 400, expiredSession);
    if (path === `${GRAPH}/me/accounts`) {
      if (held.kind === "page") return graphError(res, 100, "Tried accessing nonexisting field (accounts) on node type (Page)");
      return json(res, 200, {
        data: fake.pages.map((p) => ({ id: p.id, name: p.name, access_token: issue("page", p.id), category: "Brand" })),
        paging: { cursors: { before: "a", after: "b" } },
      });
    }
    if (req.method === "GET" && path === `${GRAPH}/` && url.searchParams.has("ids")) return nodes(url, res);
    const [, node, edge] = path.slice(GRAPH.length).split("/");
    const page = fake.pages.find((p) => p.id === node);
    const ig = fake.pages.find((p) => p.instagram?.id === node)?.instagram;
    if (req.method === "GET" && page && url.searchParams.get("fields") === "instagram_business_account{id,username}")
      return json(res, 200, { id: page.id, ...(page.instagram ? { instagram_business_account: page.instagram } : {}) });
    if (req.method === "POST" && page && (edge === "feed" || edge === "photos")) {
      if (held.kind !== "page" || held.pageId !== page.id)
        return graphError(res, 200, "(#200) The user hasn't authorized the application to perform this action", 403);
      const { fields, imageBytes } = await fieldsOf(req, raw, url);
      const postId = `${page.id}_${++ids}`;
      fake.posts.push({ network: "facebook", path, fields, token: bearer, imageBytes, id: postId, at: Date.now() });
      return json(res, 200, edge === "photos" ? { id: String(++ids), post_id: postId } : { id: postId });
    }
    // GET /{page-id}/published_posts?since={unix seconds}: the Page's posts from then on, newest first.
    if (req.method === "GET" && page && edge === "published_posts") {
      if (held.kind !== "page" || held.pageId !== page.id) return graphError(res, 190, "Invalid OAuth access token.");
      const since = Number(url.searchParams.get("since") ?? 0) * 1000;
      const data = fake.posts
        .filter((p) => p.network === "facebook" && p.id?.startsWith(`${page.id}_`) && (p.at ?? 0) >= since)
        .reverse()
        .map((p) => ({
          id: p.id,
          message: p.fields.message,
          created_time: new Date(p.at ?? 0).toISOString().replace(/\.\d{3}Z$/, "+0000"),
        }));
      return json(res, 200, { data, paging: { cursors: { before: "a", after: "b" } } });
    }
    if (req.method === "POST" && ig && edge === "media") {
      const { fields } = await fieldsOf(req, raw, url);
      if (!fields.image_url) return graphError(res, 100, "The parameter image_url is required.");
      const id = String(++ids);
      fake.containers.set(id, fields);
      return json(res, 200, { id });
    }
    if (req.method === "POST" && ig && edge === "media_publish") {
      const { fields } = await fieldsOf(req, raw, url);
      const container = fake.containers.get(fields.creation_id ?? "");
      if (!container) return graphError(res, 100, "Unsupported post request. Object does not exist.");
      if (container.published) return graphError(res, 9004, "The media has already been published.");
      const id = String(++ids);
      container.published = id;
      fake.posts.push({ network: "instagram", path, fields: { ...container, media_id: id }, token: bearer, imageBytes: 0 });
      return json(res, 200, { id });
    }
    // GET /{ig-media-id}/insights?metric=views: the views a test set, or an empty set, as Meta answers.
    if (req.method === "GET" && edge === "insights" && fake.posts.some((p) => p.network === "instagram" && p.fields.media_id === node)) {
      fake.countRequests.push(`${path}${url.search}`);
      const views = fake.counts.get(node)?.views;
      if (url.searchParams.get("metric") !== "views") return graphError(res, 100, "(#100) metric[0] must be one of the supported values");
      const data =
        views === undefined
          ? []
          : [{ name: "views", period: "lifetime", values: [{ value: views }], id: `${node}/insights/views/lifetime` }];
      return json(res, 200, { data });
    }
    if (req.method === "GET" && url.searchParams.get("fields") === "status_code" && fake.containers.has(node))
      return json(res, 200, { id: node, status_code: fake.containers.get(node)!.published ? "PUBLISHED" : "FINISHED" });
    if (req.method === "GET" && url.searchParams.get("fields") === "permalink" && fake.posts.some((p) => p.fields.media_id === node))
      return json(res, 200, { id: node, permalink: `${fake.base}/p/${node}/` });
    graphError(res, 100, `Unsupported ${req.method} request (${path}).`);
  }

  /**
   * GET /?ids=…&fields=…: Facebook posts' likes/comments summaries and shares, Instagram media's
   * like_count and comments_count. An id the fake never took refuses the whole request, as Graph does.
   */
  function nodes(url: URL, res: http.ServerResponse) {
    fake.countRequests.push(`${url.pathname}${url.search}`);
    const ids = (url.searchParams.get("ids") ?? "").split(",");
    const unknown = ids.filter((id) => !fake.posts.some((p) => p.id === id || p.fields.media_id === id));
    if (unknown.length) return graphError(res, 100, `(#100) Some of the aliases you requested do not exist: ${unknown.join(",")}`);
    const summary = (total?: number) => ({ data: [], ...(total === undefined ? {} : { summary: { total_count: total } }) });
    const answer: Record<string, Record<string, unknown>> = {};
    for (const id of ids) {
      const c = fake.counts.get(id) ?? {};
      const node: Record<string, unknown> = { id };
      for (const field of (url.searchParams.get("fields") ?? "").split(",")) {
        const name = /^[a-z_]+/.exec(field)?.[0] ?? "";
        if (name === "likes") node.likes = summary(c.likes);
        else if (name === "comments") node.comments = summary(c.replies);
        // Meta leaves out shares for a post never shared.
        else if (name === "shares") Object.assign(node, c.reposts === undefined ? {} : { shares: { count: c.reposts } });
        else if (name === "like_count") Object.assign(node, c.likes === undefined ? {} : { like_count: c.likes });
        else if (name === "comments_count") Object.assign(node, c.replies === undefined ? {} : { comments_count: c.replies });
        else return graphError(res, 100, `(#100) Tried accessing nonexisting field (${name})`);
      }
      answer[id] = node;
    }
    json(res, 200, answer);
  }

  /** Threads: the long-lived exchange and refresh, who-am-I, container, publish and permalink. */
  async function threads(req: http.IncomingMessage, raw: Buffer, url: URL, res: http.ServerResponse) {
    const path = url.pathname;
    const secretOk = [...fake.threadsApps.values()].includes(url.searchParams.get("client_secret") ?? "");
    if (path === "/access_token") {
      fake.tokenGrants.push(url.searchParams.get("grant_type") ?? "");
      const short = tokens.get(url.searchParams.get("access_token") ?? "");
      if (!secretOk || url.searchParams.get("grant_type") !== "th_exchange_token" || short?.kind !== "th-short")
        return graphError(res, 190, "Invalid OAuth access token.");
      return json(res, 200, { access_token: issue("th-long"), token_type: "bearer", expires_in: fake.longSeconds });
    }
    if (path === "/refresh_access_token") {
      fake.tokenGrants.push(url.searchParams.get("grant_type") ?? "");
      const old = url.searchParams.get("access_token") ?? "";
      if (url.searchParams.get("grant_type") !== "th_refresh_token" || tokens.get(old)?.kind !== "th-long")
        return graphError(res, 190, "Error validating access token: The session has been invalidated.");
      tokens.delete(old);
      return json(res, 200, { access_token: issue("th-long"), token_type: "bearer", expires_in: fake.longSeconds });
    }
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1] ?? "";
    if (tokens.get(bearer)?.kind !== "th-long") return json(res, 400, expiredSession);
    const [, node, edge] = path.slice(THREADS.length).split("/");
    if (node === "me") return json(res, 200, { id: THREADS_USER.id, username: THREADS_USER.username });
    if (req.method === "POST" && node === THREADS_USER.id && edge === "threads") {
      const fields = Object.fromEntries(new URLSearchParams(raw.toString()));
      if (fields.media_type === "IMAGE" && !fields.image_url) return graphError(res, 100, "The parameter image_url is required.");
      const id = String(++ids);
      fake.containers.set(id, fields);
      return json(res, 200, { id });
    }
    if (req.method === "POST" && node === THREADS_USER.id && edge === "threads_publish") {
      const creation = new URLSearchParams(raw.toString()).get("creation_id") ?? "";
      const container = fake.containers.get(creation);
      if (!container) return graphError(res, 100, "Unsupported post request. Object does not exist.");
      if (container.published) return graphError(res, 9004, "The media has already been published.");
      const id = String(++ids);
      container.published = id;
      fake.posts.push({ network: "threads", path, fields: { ...container, media_id: id }, token: bearer, imageBytes: 0 });
      return json(res, 200, { id });
    }
    // GET /{media-id}/insights?metric=…: each metric asked for that the test set, as Threads' media insights give it.
    if (req.method === "GET" && edge === "insights") {
      fake.countRequests.push(`${path}${url.search}`);
      if (!fake.posts.some((p) => p.network === "threads" && p.fields.media_id === node))
        return graphError(res, 100, `Unsupported get request. Object with ID '${node}' does not exist.`);
      const c = fake.counts.get(node) ?? {};
      const data = (url.searchParams.get("metric") ?? "")
        .split(",")
        .filter((name) => c[name as keyof FakeMetaCounts] !== undefined)
        .map((name) => ({
          name,
          period: "lifetime",
          values: [{ value: c[name as keyof FakeMetaCounts] }],
          id: `${node}/insights/${name}/lifetime`,
        }));
      return json(res, 200, { data });
    }
    if (req.method === "GET" && url.searchParams.get("fields") === "status" && fake.containers.has(node))
      return json(res, 200, { id: node, status: fake.containers.get(node)!.published ? "PUBLISHED" : "FINISHED" });
    if (req.method === "GET" && url.searchParams.get("fields") === "permalink")
      return json(res, 200, { id: node, permalink: `${fake.base}/@${THREADS_USER.username}/post/C${node}` });
    graphError(res, 100, `Unsupported ${req.method} request (${path}).`);
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => void handle(req, Buffer.concat(chunks), res).catch((e) => json(res, 500, { error: String(e) })));
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

/** Points the studio's Meta and Threads settings at the fake. */
export function useFakeMeta(base: string) {
  for (const name of ["META", "THREADS"]) {
    process.env[`NETWORK_${name}_AUTH_URL`] = base;
    process.env[`NETWORK_${name}_API_URL`] = base;
  }
  process.env.NETWORK_INSTAGRAM_WEB_URL = base;
  process.env.NETWORK_THREADS_WEB_URL = base;
}

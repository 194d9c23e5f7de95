// The Bluesky part of the fake network (AT Protocol XRPC): createSession with an app password,
// refreshSession (the old refresh token stops working), getSession, uploadBlob, createRecord (a
// record key already taken is refused, as the service does), getRecord and getPosts (counts). Access tokens are JWTs
// whose exp the studio reads; a spent one answers 400 ExpiredToken, an unknown one 400 InvalidToken.
import { randomBytes } from "node:crypto";
import type http from "node:http";

export interface FakeBluesky {
  /** handle → app password */
  accounts: Map<string, string>;
  /** at:// URI → record */
  records: Map<string, Record<string, unknown>>;
  sessions: { access: Map<string, string>; refresh: Set<string> };
}

interface Context {
  path: string;
  url: URL;
  raw: Buffer;
  req: http.IncomingMessage;
  res: http.ServerResponse;
  json: (res: http.ServerResponse, status: number, body: unknown, headers?: Record<string, string>) => void;
  base: () => string;
  next: () => number;
  accessSeconds: () => number;
  posted: (body: Record<string, unknown>, token: string, uri: string) => void;
  /** A post's counts, or null when the fake does not know it. */
  counts: (uri: string) => { likes: number; reposts: number; replies: number; quotes: number } | null;
  media: (bytes: number) => void;
}

export const FAKE_DID = "did:plc:fakebrightpath";
const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
const jwt = (exp: number) =>
  `${b64({ alg: "ES256K", typ: "at+jwt" })}.${b64({ sub: FAKE_DID, exp, n: randomBytes(6).toString("hex") })}.sig`;
const expOf = (token: string) => (JSON.parse(Buffer.from(token.split(".")[1], "base64url").toString()) as { exp: number }).exp;

/** An access token for `handle` the fake takes, as a session would give (tests that skip signing in). */
export function grantBlueskyAccess(fake: FakeBluesky, handle: string, seconds = 7200): string {
  const access = jwt(Math.floor(Date.now() / 1000) + seconds);
  fake.sessions.access.set(access, handle);
  return access;
}

export function blueskyRoutes(fake: FakeBluesky, c: Context): void {
  const { path, res, json } = c;
  const method = path.slice("/xrpc/".length);
  const bearer = /^Bearer (.+)$/.exec(c.req.headers.authorization ?? "")?.[1] ?? "";

  function session(handle: string) {
    const access = jwt(Math.floor(Date.now() / 1000) + c.accessSeconds());
    const refresh = jwt(Math.floor(Date.now() / 1000) + 90 * 86400);
    fake.sessions.access.set(access, handle);
    fake.sessions.refresh.add(refresh);
    json(res, 200, { accessJwt: access, refreshJwt: refresh, handle, did: FAKE_DID, active: true });
  }

  if (method === "com.atproto.server.createSession") {
    const { identifier, password } = JSON.parse(c.raw.toString()) as { identifier: string; password: string };
    if (fake.accounts.get(identifier) !== password)
      return json(res, 401, { error: "AuthenticationRequired", message: "Invalid identifier or password" });
    return session(identifier);
  }
  if (method === "com.atproto.server.refreshSession") {
    if (!fake.sessions.refresh.has(bearer)) return json(res, 400, { error: "ExpiredToken", message: "Token has been revoked" });
    fake.sessions.refresh.delete(bearer);
    return session([...fake.accounts.keys()][0] ?? "unknown.test");
  }
  const handle = fake.sessions.access.get(bearer);
  if (!handle) return json(res, 400, { error: "InvalidToken", message: "Token could not be verified" });
  if (expOf(bearer) * 1000 <= Date.now()) return json(res, 400, { error: "ExpiredToken", message: "Token has expired" });

  if (method === "com.atproto.server.getSession") return json(res, 200, { handle, did: FAKE_DID });
  if (method === "com.atproto.repo.uploadBlob") {
    c.media(c.raw.length);
    const mimeType = String(c.req.headers["content-type"] ?? "");
    return json(res, 200, { blob: { $type: "blob", ref: { $link: `bafkrei${c.next()}` }, mimeType, size: c.raw.length } });
  }
  if (method === "com.atproto.repo.createRecord") {
    const body = JSON.parse(c.raw.toString()) as { repo: string; collection: string; rkey?: string; record: Record<string, unknown> };
    if (body.repo !== FAKE_DID) return json(res, 400, { error: "InvalidRequest", message: "Invalid repo" });
    if (body.record.$type !== body.collection || typeof body.record.createdAt !== "string")
      return json(res, 400, { error: "InvalidRequest", message: "Invalid app.bsky.feed.post record" });
    if (body.rkey && !/^[234567abcdefghij][234567abcdefghijklmnopqrstuvwxyz]{12}$/.test(body.rkey))
      return json(res, 400, { error: "InvalidRequest", message: "Invalid record key" });
    const uri = `at://${FAKE_DID}/${body.collection}/${body.rkey ?? String(c.next())}`;
    if (fake.records.has(uri)) return json(res, 400, { error: "InvalidRequest", message: "Record already exists" });
    fake.records.set(uri, body.record);
    c.posted(body as unknown as Record<string, unknown>, bearer, uri);
    return json(res, 200, { uri, cid: `bafyrei${c.next()}` });
  }
  if (method === "app.bsky.feed.getPosts") {
    const uris = c.url.searchParams.getAll("uris");
    if (uris.length === 0 || uris.length > 25) return json(res, 400, { error: "InvalidRequest", message: "uris must have 1 to 25 items" });
    const posts = uris.flatMap((uri) => {
      const n = c.counts(uri);
      return n ? [{ uri, cid: "bafyrei0", likeCount: n.likes, repostCount: n.reposts, replyCount: n.replies, quoteCount: n.quotes }] : [];
    });
    return json(res, 200, { posts });
  }
  if (method === "com.atproto.repo.getRecord") {
    const q = c.url.searchParams;
    const uri = `at://${q.get("repo")}/${q.get("collection")}/${q.get("rkey")}`;
    const value = fake.records.get(uri);
    return value
      ? json(res, 200, { uri, cid: "bafyrei0", value })
      : json(res, 400, { error: "RecordNotFound", message: "Could not locate record" });
  }
  json(res, 501, { error: "MethodNotImplemented", message: `${method} is not in the fake` });
}

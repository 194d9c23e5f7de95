// A short-lived cache of signed-in page views (documents and single-fetch data), keyed by the exact
// request and valid only while the database has not changed since it was rendered (decision 012).
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { LRUCache } from "lru-cache";

interface Entry {
  version: number | bigint;
  /** The traffic version, for a page whose render read the tracker's figures; null otherwise. */
  traffic: number | null;
  headers: [string, string | number | string[]][];
  parts: string[];
  bytes: number;
}
type Header = Entry["headers"][number];

/** What a page's text can show that no database write changes (relative times, presence) is at most this stale. */
export const PAGE_CACHE_TTL_MS = 10_000;
const MAX_BYTES = 16 * 1024 * 1024;
const MAX_ENTRY_BYTES = 1024 * 1024;
const PAGE_TYPES = /^text\/(html|x-script)\b/;
// Set again on every response (fresh nonce, date, length, encoding) or never cacheable.
const PER_RESPONSE = new Set([
  "content-security-policy",
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "date",
  "etag",
  "vary",
  "set-cookie",
  "connection",
  "keep-alive",
]);

/** One entry per signed-in browser, page and representation. */
export function pageCacheKey(req: Pick<Request, "originalUrl" | "headers">) {
  const h = req.headers;
  return [req.originalUrl, h.cookie ?? "", h.accept ?? "", h["accept-language"] ?? ""].join("\n");
}

/** A request that asks for a fresh copy (a hard reload sends no-cache) skips the lookup. */
function wantsFresh(req: Request) {
  return /\bno-cache\b/i.test(req.headers["cache-control"] ?? "") || /\bno-cache\b/i.test(req.headers.pragma ?? "");
}

const isPage = (res: Response) => PAGE_TYPES.test(String(res.getHeader("content-type") ?? ""));

function storedHeaders(res: Response): Header[] {
  return Object.entries(res.getHeaders()).filter(
    (h): h is Header => h[1] !== undefined && !PER_RESPONSE.has(h[0]) && !h[0].startsWith("x-studio-cache"),
  );
}

/** Pages that show the tracker's figures (views, time, clicks) also depend on this version (decision 026). */
interface TrafficOptions {
  version: () => number;
  /** Runs the render observed; the answer (did it read traffic figures?) is read once it finished. */
  observe: (render: () => void) => () => { traffic: boolean };
}

type Version = number | bigint;

interface Options {
  /** Synchronous on SQLite; a promise on PostgreSQL, where reading it is a query (decision 048). */
  version: () => Version | Promise<Version>;
  traffic?: TrafficOptions;
  ttlMs?: number;
  maxBytes?: number;
  nonce?: (res: Response) => string;
}

/**
 * Express middleware. `version()` must change after every committed write to the database from
 * any connection or process, except the ones `traffic.version()` counts (decision 026: the
 * content version; without `traffic`, SQLite's `PRAGMA data_version`). A page whose render read
 * traffic figures is served again only while both are unchanged. A version read as a promise is
 * awaited; one read synchronously is used at once, without a turn of the event loop.
 */
export function pageCache({
  version,
  traffic,
  ttlMs = PAGE_CACHE_TTL_MS,
  maxBytes = MAX_BYTES,
  nonce = (res) => res.locals.cspNonce ?? "",
}: Options): RequestHandler {
  const cache = new LRUCache<string, Entry>({ maxSize: maxBytes, ttl: ttlMs, sizeCalculation: (entry) => entry.bytes });

  const middleware = (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" || !req.headers.cookie) return next();
    const current = version();
    if (typeof current === "object") current.then((v) => serve(req, res, next, v), next);
    else serve(req, res, next, current);
  };

  const serve = (req: Request, res: Response, next: NextFunction, current: Version) => {
    const key = pageCacheKey(req);
    const currentTraffic = traffic ? traffic.version() : null;
    const hit = wantsFresh(req) ? undefined : cache.get(key);
    if (hit && hit.version === current && (hit.traffic === null || hit.traffic === currentTraffic)) {
      for (const [name, value] of hit.headers) res.setHeader(name, value);
      res.setHeader("X-Studio-Cache", "hit");
      res.status(200).end(hit.parts.length === 1 ? hit.parts[0] : hit.parts.join(nonce(res)));
      return;
    }
    res.setHeader("X-Studio-Cache", "miss");
    let reads: (() => { traffic: boolean }) | null = null;
    record(res, (body) => {
      if (res.statusCode !== 200 || res.getHeader("set-cookie") || !isPage(res)) return;
      if (body.length > MAX_ENTRY_BYTES) return;
      const used = nonce(res);
      const text = body.toString("utf8");
      // Without an observer every page is taken to show traffic figures: never served stale.
      const showsTraffic = reads ? reads().traffic : true;
      cache.set(key, {
        version: current,
        traffic: showsTraffic ? currentTraffic : null,
        headers: storedHeaders(res),
        parts: used ? text.split(used) : [text],
        bytes: body.length * 2,
      });
    });
    if (traffic) reads = traffic.observe(next);
    else next();
  };
  return middleware;
}

/** Copies what the handler writes; calls `done` with the whole body once the response has finished. */
function record(res: Response, done: (body: Buffer) => void) {
  const chunks: Buffer[] = [];
  let size = 0;
  let skip: boolean | null = null; // decided at the first chunk, once the handler has set the content type
  const keep = (chunk: unknown, encoding: unknown) => {
    skip ??= !isPage(res);
    if (skip || chunk == null || typeof chunk === "function" || size > MAX_ENTRY_BYTES) return;
    const buffer = Buffer.isBuffer(chunk)
      ? chunk
      : Buffer.from(chunk as string | Uint8Array as string, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8");
    chunks.push(buffer);
    size += buffer.length;
  };
  const write = res.write;
  const end = res.end;
  // Both keep every overload's arguments as they came.
  res.write = function (this: Response, ...args: unknown[]) {
    keep(args[0], args[1]);
    return (write as (...a: unknown[]) => boolean).apply(this, args);
  } as Response["write"];
  res.end = function (this: Response, ...args: unknown[]) {
    keep(args[0], args[1]);
    return (end as (...a: unknown[]) => Response).apply(this, args);
  } as Response["end"];
  res.once("finish", () => done(Buffer.concat(chunks)));
}

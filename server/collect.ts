// The tracker's cross-origin endpoints, mounted before the same-origin check (decision 021): they are
// meant to be called from the team's registered sites, which the CORS check below admits, and they
// carry no cookie, so nothing a member can do is reachable through them.
//   GET  /t.js            the tracker script
//   POST /api/event       a view or a heartbeat (text/plain JSON, as sendBeacon sends it), ≤ 2 kB
//   GET  /api/event.gif   the <noscript> pixel
// Each answers only after the event is committed (the group commit in app/models/event-commit.server.ts).
// POST /api/event is answered before express (server/studio.ts); the others are express routes.
import compression from "compression";
import contentType from "content-type";
import express from "express";
import fs from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import getRawBody from "raw-body";

export type CollectOutcome = "accepted" | "dropped" | "unknown-origin" | "malformed" | "throttled" | "failed";
interface CollectInput {
  origin: string;
  ip: string;
  userAgent: string;
  doNotTrack: boolean;
}
/** What app/entry.server.tsx exports for these routes. */
export interface CollectEntry {
  /** Synchronous on SQLite, a promise on PostgreSQL (decision 048). */
  mayCollectFrom(origin: string): boolean | Promise<boolean>;
  collectEvent(input: CollectInput & { body: string }): Promise<CollectOutcome>;
  collectPixel(input: Omit<CollectInput, "origin"> & { referer: string; content?: string }): Promise<CollectOutcome>;
}

const MAX_BODY = 2048;
const STATUS: Record<CollectOutcome, number> = {
  accepted: 202,
  dropped: 202, // bots and Do Not Track are told nothing
  "unknown-origin": 403,
  malformed: 400,
  throttled: 429,
  failed: 503,
};
const GIF = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

/** Express 4 does not catch a rejected handler: an error is a 503 here, never a crashed process. */
async function settle(outcome: Promise<CollectOutcome>): Promise<CollectOutcome> {
  try {
    return await outcome;
  } catch (error) {
    console.error("tracker:", error);
    return "failed";
  }
}

// Mounted before the studio's security headers (server/app.ts): these answers carry their own.
const CROSS_ORIGIN = { "X-Content-Type-Options": "nosniff", "Cross-Origin-Resource-Policy": "cross-origin", "Cache-Control": "no-store" };
function crossOrigin(res: ServerResponse) {
  for (const [name, value] of Object.entries(CROSS_ORIGIN)) res.setHeader(name, value);
}

/** CORS headers for a registered origin, or null when it may not send events. */
async function corsFor(req: IncomingMessage, entry: CollectEntry): Promise<Record<string, string> | null> {
  const origin = req.headers.origin ?? "";
  return (await entry.mayCollectFrom(origin)) ? { "Access-Control-Allow-Origin": origin, Vary: "Origin" } : null;
}

async function cors(req: IncomingMessage, res: ServerResponse, entry: CollectEntry): Promise<boolean> {
  const headers = await corsFor(req, entry);
  for (const [name, value] of Object.entries(headers ?? {})) res.setHeader(name, value);
  return !!headers;
}

const inputOf = (req: IncomingMessage, ip: string) => ({
  ip,
  userAgent: req.headers["user-agent"] ?? "",
  doNotTrack: req.headers.dnt === "1" || req.headers["sec-gpc"] === "1",
});

/** The whole answer in one writeHead: at thousands of events a second, header by header costs. */
const plain = (res: ServerResponse, status: number, headers: Record<string, string>, text = "") =>
  res.writeHead(status, text ? { ...headers, "Content-Type": "text/plain; charset=utf-8" } : headers).end(text);

// A site's beacons all carry the same Content-Type or two: parsed once each (a bounded cache).
const charsets = new Map<string, string>();
function charsetOf(req: IncomingMessage): string {
  const header = req.headers["content-type"] ?? "";
  let charset = charsets.get(header);
  if (charset !== undefined) return charset;
  try {
    charset = contentType.parse(header).parameters.charset?.toLowerCase() ?? "utf-8";
  } catch {
    charset = "utf-8"; // no or a malformed Content-Type: sendBeacon's text/plain is UTF-8
  }
  if (charsets.size < 100) charsets.set(header, charset);
  return charset;
}

/** The body as text (its declared charset, else UTF-8), or the status and message that refuse it. */
async function readText(req: IncomingMessage): Promise<string | { status: number; message: string }> {
  const charset = charsetOf(req);
  const utf8 = charset === "utf-8" || charset === "utf8";
  try {
    const body = await getRawBody(req, { length: req.headers["content-length"], limit: MAX_BODY, encoding: utf8 ? null : charset });
    return typeof body === "string" ? body : body.toString("utf8");
  } catch (error) {
    const status = (error as { status?: number }).status;
    return status === 413 ? { status, message: "Body over 2 kB." } : { status: 400, message: "Unreadable body." };
  }
}

/**
 * POST /api/event as a plain Node handler, answered before express, whose routing and body parser cost
 * about as much as the event itself (decision 030). `clientIp`: the caller's address as express would read it.
 */
export function eventEndpoint(entry: CollectEntry, { clientIp }: { clientIp: (req: IncomingMessage) => string }) {
  return async (req: IncomingMessage, res: ServerResponse) => {
    let allowed: Record<string, string> | null;
    try {
      allowed = await corsFor(req, entry);
    } catch (error) {
      console.error("tracker:", error); // the lookup failed (PostgreSQL unreachable): not a refusal
      return plain(res, STATUS.failed, CROSS_ORIGIN);
    }
    if (!allowed) return plain(res, 403, CROSS_ORIGIN, "This origin is not registered in Settings › Website.");
    const headers = { ...CROSS_ORIGIN, ...allowed };
    const body = await readText(req);
    if (typeof body !== "string") return plain(res, body.status, headers, body.message);
    const outcome = await settle(entry.collectEvent({ ...inputOf(req, clientIp(req)), origin: req.headers.origin ?? "", body }));
    plain(res, STATUS[outcome], headers);
  };
}

/** GET /t.js, the preflight of POST /api/event, and the pixel. */
export function collectRoutes(entry: CollectEntry, { publicDir = "public" }: { publicDir?: string } = {}) {
  const router = express.Router();
  const script = fs.readFileSync(path.join(publicDir, "t.js"));

  router.get("/t.js", compression(), (_req, res) => {
    crossOrigin(res);
    res.setHeader("Cache-Control", "public, max-age=3600");
    res.type("text/javascript").send(script);
  });

  router.options("/api/event", async (req, res) => {
    crossOrigin(res);
    const allowed = await cors(req, res, entry).catch((error: unknown) => (console.error("tracker:", error), null));
    if (allowed === null) return res.status(STATUS.failed).end();
    if (!allowed) return res.status(403).end();
    res.setHeader("Access-Control-Allow-Methods", "POST");
    res.setHeader("Access-Control-Allow-Headers", "Content-Type");
    res.setHeader("Access-Control-Max-Age", "86400");
    res.status(204).end();
  });

  router.get("/api/event.gif", async (req, res) => {
    crossOrigin(res);
    const content = typeof req.query.c === "string" ? req.query.c : undefined;
    const outcome = await settle(entry.collectPixel({ ...inputOf(req, req.ip ?? ""), referer: req.get("referer") ?? "", content }));
    res
      .status(outcome === "accepted" || outcome === "dropped" ? 200 : STATUS[outcome])
      .type("image/gif")
      .send(GIF);
  });

  return router;
}

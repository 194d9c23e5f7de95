// The tracker's cross-origin endpoints, mounted before the same-origin check (decision 021): they are
// meant to be called from the team's registered sites, which the CORS check below admits, and they
// carry no cookie, so nothing a member can do is reachable through them.
//   GET  /t.js            the tracker script
//   POST /api/event       a view or a heartbeat (text/plain JSON, as sendBeacon sends it), ≤ 2 kB
//   GET  /api/event.gif   the <noscript> pixel
// Each answers only after the event is committed (the group commit in app/jobs/event-flusher.server.ts).
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import fs from "node:fs";
import path from "node:path";

export type CollectOutcome = "accepted" | "dropped" | "unknown-origin" | "malformed" | "throttled" | "failed";
interface CollectInput {
  origin: string;
  ip: string;
  userAgent: string;
  doNotTrack: boolean;
}
/** What app/entry.server.tsx exports for these routes. */
export interface CollectEntry {
  mayCollectFrom(origin: string): boolean;
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
function crossOrigin(res: Response) {
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Cross-Origin-Resource-Policy", "cross-origin");
  res.setHeader("Cache-Control", "no-store");
}

function cors(req: Request, res: Response, entry: CollectEntry): boolean {
  const origin = req.get("origin") ?? "";
  if (!entry.mayCollectFrom(origin)) return false;
  res.setHeader("Access-Control-Allow-Origin", origin);
  res.setHeader("Vary", "Origin");
  return true;
}

const inputOf = (req: Request) => ({
  ip: req.ip ?? "",
  userAgent: req.get("user-agent") ?? "",
  doNotTrack: req.get("dnt") === "1" || req.get("sec-gpc") === "1",
});

/**
 * `timed`: called with each event's time in the server, from its arrival to its answer (the
 * ingestion bench reads it, BENCH_ROUTES=on, to tell the server's share from the load generator's).
 */
export function collectRoutes(
  entry: CollectEntry,
  { publicDir = "public", timed }: { publicDir?: string; timed?: (ms: number) => void } = {},
) {
  const router = express.Router();
  const script = fs.readFileSync(path.join(publicDir, "t.js"));

  router.get("/t.js", compression(), (_req, res) => {
    crossOrigin(res);
    res.setHeader("Cache-Control", "public, max-age=3600");
    res.type("text/javascript").send(script);
  });

  router.options("/api/event", (req, res) => {
    crossOrigin(res);
    if (!cors(req, res, entry)) return res.status(403).end();
    res.setHeader("Access-Control-Allow-Methods", "POST");
    res.setHeader("Access-Control-Allow-Headers", "Content-Type");
    res.setHeader("Access-Control-Max-Age", "86400");
    res.status(204).end();
  });

  router.post(
    "/api/event",
    (req, res, next) => {
      if (timed) {
        const start = performance.now();
        res.once("finish", () => timed(performance.now() - start));
      }
      crossOrigin(res);
      if (!cors(req, res, entry)) return res.status(403).type("text/plain").send("This origin is not registered in Settings › Website.");
      next();
    },
    express.text({ type: () => true, limit: MAX_BODY }),
    async (req, res) => {
      const body = typeof req.body === "string" ? req.body : "";
      const outcome = await settle(entry.collectEvent({ ...inputOf(req), origin: req.get("origin") ?? "", body }));
      res.status(STATUS[outcome]).end();
    },
  );

  router.get("/api/event.gif", async (req, res) => {
    crossOrigin(res);
    const content = typeof req.query.c === "string" ? req.query.c : undefined;
    const outcome = await settle(entry.collectPixel({ ...inputOf(req), referer: req.get("referer") ?? "", content }));
    res
      .status(outcome === "accepted" || outcome === "dropped" ? 200 : STATUS[outcome])
      .type("image/gif")
      .send(GIF);
  });

  // A body over 2 kB or in a charset we cannot read: a plain status, never a stack trace.
  router.use("/api/event", (error: { status?: number; type?: string }, _req: Request, res: Response, next: NextFunction) => {
    if (!error?.status) return next(error);
    res
      .status(error.status === 413 ? 413 : 400)
      .type("text/plain")
      .send(error.status === 413 ? "Body over 2 kB." : "Unreadable body.");
  });
  return router;
}

// Every request body is limited while it is read, before any route runs: a Content-Length over the
// route's limit is refused unread (413), and a chunked body is counted as it arrives and refused at
// the limit without reading the rest. A chunked body within it is handed on whole (bufferedBody).
import type { Request, RequestHandler, Response } from "express";
import getRawBody from "raw-body";
import { MAX_CSV_REQUEST_BYTES, MAX_METRICS_BODY_BYTES } from "~/domain/platform-metrics";
import { MAX_UPLOAD_REQUEST_BYTES } from "~/domain/uploads";

/** Any route not in BODY_LIMITS: the editor's save (864 kB) and captions (1 MB) fit. */
export const DEFAULT_BODY_BYTES = 1024 * 1024;

/** The routes whose bodies may be larger or must be smaller than the default, by path. */
export const BODY_LIMITS: Readonly<Record<string, number>> = {
  "/uploads": MAX_UPLOAD_REQUEST_BYTES,
  "/settings/website": MAX_CSV_REQUEST_BYTES, // the CSV import
  "/api/v1/metrics": MAX_METRICS_BODY_BYTES,
};

/** Remix matches paths without regard to case or a trailing slash; so does the table. */
export function bodyLimitFor(path: string): number {
  return BODY_LIMITS[path.toLowerCase().replace(/(.)\/+$/, "$1")] ?? DEFAULT_BODY_BYTES;
}

export const tooLargeMessage = (limit: number) => `Request body too large: this address takes at most ${Math.floor(limit / 1024)} kB.`;

const NO_BODY = new Set(["GET", "HEAD"]);
const BUFFERED = Symbol("bufferedBody");
type WithBody = Response & { locals: { [BUFFERED]?: Buffer } };

/** The chunked body bodyLimit read, if it read one; otherwise the request still streams. */
export const bufferedBody = (res: Response): Buffer | undefined => (res as WithBody).locals[BUFFERED];

/** The refusal in the shape every studio action answers (`formError`), so the editor shows it as it is. */
export const tooLargeReply = (limit: number) => ({ ok: false, fieldErrors: {}, formError: tooLargeMessage(limit) });

/** Up to this much of a refused body is read and thrown away, so the client gets to read the 413. */
export const DRAIN_BYTES = 16 * 1024 * 1024;

function refuse(req: Request, res: Response, limit: number) {
  // The rest of the body is discarded as it comes (never held), so the client can read the answer;
  // past DRAIN_BYTES the connection is cut instead.
  let drained = 0;
  req.on("data", (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > DRAIN_BYTES) req.destroy();
  });
  req.resume();
  res.status(413).json(tooLargeReply(limit));
}

export function bodyLimit(limitFor: (path: string) => number = bodyLimitFor): RequestHandler {
  return (req, res, next) => {
    if (NO_BODY.has(req.method)) return next();
    const limit = limitFor(req.path);
    const declared = req.headers["content-length"];
    // Node's parser never reads past a Content-Length, so checking the header is enough.
    if (declared !== undefined) return Number(declared) > limit ? refuse(req, res, limit) : next();
    if (req.headers["transfer-encoding"] === undefined) return next(); // no body at all
    getRawBody(req, { limit }).then(
      (body) => {
        (res as WithBody).locals[BUFFERED] = body;
        next();
      },
      (error: { type?: string }) => {
        if (error.type === "entity.too.large") refuse(req, res, limit);
        else if (!res.headersSent)
          res.status(400).set("Connection", "close").type("text/plain").send("The request body could not be read.");
      },
    );
  };
}

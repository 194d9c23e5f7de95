// Decision 024: a rendered 4xx reply to the studio's own script travels as 200 with the real status in
// a header, so the browser does not log it as a failed load; see app/domain/handled-reply.ts.
import type { RequestHandler } from "express";
import { ASK_HEADER, RENDERED_HEADER, STATUS_HEADER, carriesStatusInHeader } from "../app/domain/handled-reply";

export function handledReplies(): RequestHandler {
  return (req, res, next) => {
    const asked = req.get(ASK_HEADER) === "1";
    if (!asked || req.method === "GET") return next();
    const writeHead = res.writeHead;
    // Headers are final only here (Remix's adapter sets the status before the headers).
    res.writeHead = function (this: typeof res, ...args: Parameters<typeof writeHead>) {
      const status = typeof args[0] === "number" ? args[0] : res.statusCode;
      // A Remix action's data reply is rendered by the page: beside its form, or by the route's error boundary.
      // Remix passes an action's own headers only through a route's `headers` export, so it is recognised by its URL.
      const remixReply = req.path.endsWith(".data") && res.hasHeader("X-Remix-Response");
      if (carriesStatusInHeader({ method: req.method, asked, status, rendered: remixReply || res.hasHeader(RENDERED_HEADER) })) {
        res.setHeader(STATUS_HEADER, String(status));
        args[0] = 200;
        if (typeof args[1] === "string") (args as unknown[])[1] = "OK";
        res.statusMessage = "OK";
      }
      return writeHead.apply(this, args);
    } as typeof writeHead;
    next();
  };
}

// At most a few page reads (GET) render at once; the rest wait their turn in arrival order
// (decision 013). Writes never wait here: an autosave is short and must not queue behind renders.
// Node runs one render at a time anyway; interleaving dozens only holds dozens of half-built pages
// in memory, which the capped heap could not afford.
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { AsyncResource } from "node:async_hooks";

export function renderLimit({ limit }: { limit: number }): RequestHandler & { stats(): { running: number; waiting: number } } {
  let running = 0;
  const waiting: (() => void)[] = [];

  const release = () => {
    running--;
    waiting.shift()?.();
  };

  const middleware = (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const start = () => {
      running++;
      if (res.destroyed) return release(); // the client left while it waited
      let done = false;
      const finish = () => {
        if (!done) release();
        done = true;
      };
      // The slot is free once the body is written out, not when a slow client has read it all.
      const end = res.end;
      res.end = function (this: Response, ...args: Parameters<Response["end"]>) {
        finish();
        return end.apply(this, args);
      } as Response["end"];
      res.once("close", finish);
      next();
    };
    if (running < limit) start();
    // Bound to this request's async context, not the one that frees the slot (the page cache's
    // page-read observation, decision 026, follows the request through the wait).
    else waiting.push(AsyncResource.bind(start));
  };
  return Object.assign(middleware, { stats: () => ({ running, waiting: waiting.length }) });
}

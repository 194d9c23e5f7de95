// Remix behind express, as @remix-run/express's createRequestHandler does it, except that a body
// server/body-limit.ts has already read (a chunked one, counted against its limit) is handed on.
import type { GetLoadContextFunction } from "@remix-run/express";
// Not re-exported by the package index; the same module its createRequestHandler uses (Remix 2 is pinned).
import { createRemixRequest, sendRemixResponse } from "@remix-run/express/dist/server.js";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import type { RequestHandler } from "express";
import { bufferedBody } from "./body-limit";

export function remixHandler({ build, getLoadContext }: { build: ServerBuild; getLoadContext: GetLoadContextFunction }): RequestHandler {
  const handle = createRequestHandler(build, process.env.NODE_ENV);
  return async (req, res, next) => {
    try {
      const streamed = createRemixRequest(req, res);
      const body = bufferedBody(res);
      const request = body
        ? new Request(streamed.url, {
            method: streamed.method,
            headers: streamed.headers,
            signal: streamed.signal,
            body: body as Uint8Array<ArrayBuffer>,
          })
        : streamed;
      await sendRemixResponse(res, await handle(request, await getLoadContext(req, res)));
    } catch (error) {
      next(error); // express 4 does not catch a rejected handler
    }
  };
}

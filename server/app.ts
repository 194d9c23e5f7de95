// The studio's Express app: remix-serve's static handling plus what Remix cannot do itself: refuse
// cross-site state changes with 403 before any action runs, pass the client's address, serve repeat
// page views from memory and render at most a few pages at once. server/studio.ts puts it behind the
// tracker's event endpoint in the one server process.
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import morgan from "morgan";
import type { IncomingHttpHeaders } from "node:http";
import { bodyLimit } from "./body-limit";
import { FORM_BODY_MESSAGE, hasFormBody } from "./body-type";
import { collectRoutes } from "./collect";
import { NUL_ADDRESS_MESSAGE, addressHoldsNul } from "./nul-address";
import { pageCache } from "./page-cache";
import { remixHandler } from "./remix-handler";
import { renderLimit } from "./render-limit";
import { isAllowedOrigin, isSignedCallback, isTokenApi } from "./same-origin";
import { newNonce, securityHeaders } from "./security-headers";
import type { StudioEntry } from "./studio-entry";
import { trustSetting } from "./trust-proxy";

export function createApp(build: ServerBuild, entry: StudioEntry) {
  const app = express();
  app.disable("x-powered-by");
  const trust = trustSetting();
  if (trust !== undefined) app.set("trust proxy", trust);
  // The tracker's other endpoints (the script, the preflight, the pixel) answer registered sites'
  // pages (CORS), first of all: before the nonce, compression and the same-origin check, which their
  // answers do not need, and before the request log. POST /api/event never reaches express (studio.ts).
  app.use(collectRoutes(entry));
  // First for everything else, so static files, refusals and error pages carry them too.
  app.use((req, res, next) => {
    res.locals.cspNonce = newNonce();
    const headers = securityHeaders(res.locals.cspNonce, { secure: req.secure, formTargets: entry.consentOrigins() });
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    next();
  });
  app.use((req, res, next) => {
    if (!addressHoldsNul(req.originalUrl)) return next();
    res.status(400).type("text/plain").send(NUL_ADDRESS_MESSAGE);
  });
  app.use(compression());
  app.use(build.publicPath, express.static(build.assetsBuildDirectory, { immutable: true, maxAge: "1y" }));
  app.use(express.static("public", { maxAge: "1h" }));
  if (process.env.LOG_REQUESTS !== "false") app.use(morgan("tiny"));

  app.use((req, res, next) => {
    // The metrics API authenticates with a bearer token, Meta's callbacks with the app's signature,
    // never a cookie: other origins may call them.
    if (isTokenApi(req.path) || isSignedCallback(req.path)) return next();
    const host = hostOf(app, req.headers);
    if (isAllowedOrigin({ method: req.method, origin: req.get("origin"), referer: req.get("referer"), host })) return next();
    res.status(403).type("text/plain").send("Forbidden: this request did not come from the studio's own pages.");
  });

  app.use((req, res, next) => {
    if (isTokenApi(req.path) || hasFormBody({ method: req.method, contentType: req.get("content-type") })) return next();
    res.status(415).type("text/plain").send(FORM_BODY_MESSAGE);
  });

  // Every body is limited while it is read, by its route's size (server/body-limit.ts), before any
  // route runs; after the refusals above, which read none.
  app.use(bodyLimit());

  // Signed-in page views are served again from memory until the database changes (decision 012);
  // tracker traffic makes only the pages that show its figures render again (decision 026).
  // Off under `remix dev` (NODE_ENV=development), where a rebuilt page must show at once. PAGE_CACHE=on|off overrides.
  const cachePages = process.env.PAGE_CACHE ? process.env.PAGE_CACHE !== "off" : process.env.NODE_ENV !== "development";
  if (cachePages)
    app.use(pageCache({ version: entry.contentVersion, traffic: { version: entry.trafficVersion, observe: entry.observePageReads } }));
  // At most four page reads render at once; writes never wait (decision 013).
  if (process.env.RENDER_LIMIT !== "0") app.use(renderLimit({ limit: Number(process.env.RENDER_LIMIT ?? 4) }));

  app.all("*", remixHandler({ build, getLoadContext: (req, res) => ({ clientIp: req.ip ?? "", cspNonce: res.locals.cspNonce }) }));
  return app;
}

/** The host the client asked for: X-Forwarded-Host only from a trusted proxy (TRUST_PROXY). */
export function hostOf(app: express.Express, headers: IncomingHttpHeaders): string | undefined {
  return String((app.get("trust proxy") ? (headers["x-forwarded-host"] ?? headers.host) : headers.host) ?? "") || undefined;
}

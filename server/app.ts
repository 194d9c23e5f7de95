// The studio's app server: remix-serve's static handling plus what Remix cannot do itself:
// refuse cross-site state changes with 403 before any action runs, and pass the client's address.
// In production it runs behind the front process (server/front.ts, decision 028) on a private socket;
// under `remix dev` it is the whole server and answers the tracker's endpoints itself.
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import morgan from "morgan";
import http from "node:http";
import { FORM_BODY_MESSAGE, hasFormBody } from "./body-type";
import { attachCollaboration, type CollaborationEntry } from "./collaboration-socket";
import { collectRoutes, type CollectEntry } from "./collect";
import { APP_SOCKET_ENV, TRAFFIC_HEADER } from "./front-protocol";
import { handledReplies } from "./handled-replies";
import { ingestBench } from "./ingest-bench";
import { listenBehindFront, listenOnPort, stopServing } from "./listen";
import { pageCache } from "./page-cache";
import { renderLimit } from "./render-limit";
import { isAllowedOrigin, isTokenApi } from "./same-origin";
import { newNonce, securityHeaders } from "./security-headers";
import { behindFront, compileTrust, trustSetting } from "./trust-proxy";

/** What app/entry.server.tsx exports besides Remix's own handlers. */
interface StudioEntry extends CollectEntry {
  contentVersion(): number;
  trafficVersion(): number;
  noteFrontTraffic(version: number): void;
  observePageReads(render: () => void): () => { traffic: boolean };
  startTrackerRetention(): unknown;
  startWorkflowRunner(): Promise<{ stop(): Promise<void> }>;
  startPublishScheduler(): Promise<unknown>;
  collaborationEntry: CollaborationEntry & { storeAll(): Promise<void> };
}

export async function startServer(build: ServerBuild) {
  const entry = build.entry.module as unknown as StudioEntry;
  const app = express();
  app.disable("x-powered-by");
  const socketPath = process.env[APP_SOCKET_ENV];
  const trust = trustSetting();
  if (socketPath) {
    app.set("trust proxy", behindFront(compileTrust(trust)));
    // Pages that show traffic figures render again after the front's commits too (decision 028).
    app.use((req, _res, next) => {
      entry.noteFrontTraffic(Number(req.headers[TRAFFIC_HEADER]));
      next();
    });
  } else {
    if (trust !== undefined) app.set("trust proxy", trust);
    // The tracker's endpoints answer registered sites' pages (CORS), first of all: before the nonce,
    // compression and the same-origin check, which their empty answers do not need (decision 026), and
    // before the request log.
    const bench = ingestBench();
    app.use(collectRoutes(entry, { timed: bench?.timed }));
    if (bench) app.use(bench.router);
  }
  // First for everything else, so static files, refusals and error pages carry them too.
  app.use((req, res, next) => {
    res.locals.cspNonce = newNonce();
    for (const [name, value] of Object.entries(securityHeaders(res.locals.cspNonce, { secure: req.secure }))) res.setHeader(name, value);
    next();
  });
  app.use(compression());
  app.use(build.publicPath, express.static(build.assetsBuildDirectory, { immutable: true, maxAge: "1y" }));
  app.use(express.static("public", { maxAge: "1h" }));
  if (process.env.LOG_REQUESTS !== "false") app.use(morgan("tiny"));

  const hostOf = (headers: Record<string, string | string[] | undefined>) =>
    String((app.get("trust proxy") ? (headers["x-forwarded-host"] ?? headers.host) : headers.host) ?? "") || undefined;
  app.use((req, res, next) => {
    // The metrics API authenticates with a bearer token, never a cookie: other origins may call it.
    if (isTokenApi(req.path)) return next();
    const host = hostOf(req.headers);
    if (isAllowedOrigin({ method: req.method, origin: req.get("origin"), referer: req.get("referer"), host })) return next();
    res.status(403).type("text/plain").send("Forbidden: this request did not come from the studio's own pages.");
  });

  app.use((req, res, next) => {
    if (isTokenApi(req.path) || hasFormBody({ method: req.method, contentType: req.get("content-type") })) return next();
    res.status(415).type("text/plain").send(FORM_BODY_MESSAGE);
  });

  // Signed-in page views are served again from memory until the database changes (decision 012);
  // tracker traffic makes only the pages that show its figures render again (decision 026).
  // Off under `remix dev` (NODE_ENV=development), where a rebuilt page must show at once. PAGE_CACHE=on|off overrides.
  const cachePages = process.env.PAGE_CACHE ? process.env.PAGE_CACHE !== "off" : process.env.NODE_ENV !== "development";
  if (cachePages)
    app.use(pageCache({ version: entry.contentVersion, traffic: { version: entry.trafficVersion, observe: entry.observePageReads } }));
  // At most four page reads render at once; writes never wait (decision 013).
  if (process.env.RENDER_LIMIT !== "0") app.use(renderLimit({ limit: Number(process.env.RENDER_LIMIT ?? 4) }));

  // A refused form answers the studio's own script with 200 and the real status in a header (decision 024).
  app.use(handledReplies());

  app.all("*", createRequestHandler({ build, getLoadContext: (req, res) => ({ clientIp: req.ip ?? "", cspNonce: res.locals.cspNonce }) }));

  const server = http.createServer(app);
  if (socketPath) listenBehindFront(server, socketPath, () => process.send?.({ ready: true }));
  else listenOnPort(server);
  // Live co-editing on the same port (decision 022).
  attachCollaboration(server, entry.collaborationEntry, (request) => hostOf(request.headers));
  // The agent workflow runner lives in this process (one per process; WORKFLOW_RUNNER=off leaves it out).
  const runner = process.env.WORKFLOW_RUNNER === "off" ? null : await entry.startWorkflowRunner();
  await entry.startPublishScheduler();
  entry.startTrackerRetention();
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    try {
      await runner?.stop(); // finishes the step in flight; an unfinished one would be resumed after its lease
      await entry.collaborationEntry.storeAll();
    } catch (error) {
      // Stopping anyway: a process that cannot finish its work must not linger.
      console.error(`app: stopping after an error: ${error instanceof Error ? error.message.trim().split("\n").pop() : String(error)}`);
    }
    await stopServing(server);
    process.exit(0);
  };
  for (const signal of ["SIGTERM", "SIGINT"] as const) process.once(signal, stop);
  // The front is gone (even killed): nothing can reach this process any more.
  if (socketPath) process.once("disconnect", stop);
  return server;
}

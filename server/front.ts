// The production server's first process (decision 028). It answers the tracker's endpoints itself
// (server/collect.ts) and passes every other request, and the collaboration WebSocket, to the app
// process (server/app.ts), which it starts and which listens on a private Unix socket. A page render
// holds the app's event loop for tens of milliseconds; here it never delays a tracker event's 202.
import { fork, type ChildProcess } from "node:child_process";
import express from "express";
import { createProxyServer, type ProxyTarget } from "http-proxy-3";
import fs from "node:fs";
import http, { type IncomingMessage } from "node:http";
import os from "node:os";
import path from "node:path";
import { commitInWorker, trafficVersion } from "~/jobs/event-flusher.server";
import { openIngestion } from "~/models/tracking-write.server";
import { collectEvent, collectPixel, mayCollectFrom } from "~/services/tracking.server";
import proxyAddr from "proxy-addr";
import { collectRoutes, eventEndpoint } from "./collect";
import { APP_SOCKET_ENV, TRAFFIC_HEADER, appExecArgv } from "./front-protocol";
import { ingestBench } from "./ingest-bench";
import { listenOnPort } from "./listen";
import { compileTrust, forwardedHeaders, trustSetting } from "./trust-proxy";

function startApp(script: string, socketPath: string): Promise<ChildProcess> {
  const child = fork(script, [], {
    execArgv: appExecArgv(process.execArgv),
    env: { ...process.env, [APP_SOCKET_ENV]: socketPath },
    stdio: "inherit",
  });
  return new Promise((resolve, reject) => {
    const failed = (code: number | null) => reject(new Error(`The app process stopped before it was ready (exit ${code}).`));
    child.once("exit", failed);
    child.on("message", (message: { ready?: boolean }) => {
      if (!message?.ready) return;
      child.off("exit", failed);
      resolve(child);
    });
  });
}

export async function startFront(appScript: string) {
  // mkdtemp makes the directory 0700: only this user can reach the app past the front.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-"));
  process.on("exit", () => fs.rmSync(dir, { recursive: true, force: true }));
  const socketPath = path.join(dir, "app.sock");
  const child = await startApp(appScript, socketPath);

  const setting = trustSetting();
  const trust = compileTrust(setting);
  const target = { socketPath, host: "localhost", port: 80 } satisfies ProxyTarget;
  const proxy = createProxyServer({ target, agent: new http.Agent({ keepAlive: true }), ws: true });
  proxy.on("error", (error, _req, res) => {
    console.warn(`front: the app did not answer: ${error.message}`);
    if (!(res instanceof http.ServerResponse)) return res.destroy();
    if (res.headersSent) return res.destroy();
    res.writeHead(502, { "Content-Type": "text/plain" }).end("The studio is not answering; try again in a moment.");
  });
  const passOn = (req: IncomingMessage) => {
    req.headers = { ...forwardedHeaders(req.headers, req.socket.remoteAddress, trust), [TRAFFIC_HEADER]: String(trafficVersion()) };
  };

  const front = express();
  front.disable("x-powered-by");
  if (setting !== undefined) front.set("trust proxy", setting);
  const bench = ingestBench();
  front.use(collectRoutes({ collectEvent, collectPixel, mayCollectFrom }, { timed: bench?.timed }));
  if (bench) front.use(bench.router);
  front.use((req, res) => {
    passOn(req);
    proxy.web(req, res);
  });

  // A tracker event skips express: at thousands a second its routing costs as much as the event.
  const event = eventEndpoint(
    { collectEvent, collectPixel, mayCollectFrom },
    // Trusting no proxy, the address is the socket's: proxy-addr would parse X-Forwarded-For for nothing.
    { timed: bench?.timed, clientIp: setting === undefined ? (req) => req.socket.remoteAddress ?? "" : (req) => proxyAddr(req, trust) },
  );
  const isEvent = (req: IncomingMessage) => req.method === "POST" && (req.url === "/api/event" || req.url?.startsWith("/api/event?"));
  const server = http.createServer((req, res) => (isEvent(req) ? void event(req, res) : front(req, res)));
  server.on("upgrade", (req: IncomingMessage, socket, head: Buffer) => {
    passOn(req);
    proxy.ws(req, socket, head);
  });
  const worker = new URL("./ingest-worker.js", import.meta.url);
  if (fs.existsSync(worker)) commitInWorker(worker); // built beside this file (decision 033)
  try {
    openIngestion(); // now, not with the first event (this thread's connection makes the day's salt)
  } catch (error) {
    console.warn(`front: the tracker's connection did not open (${(error as Error).message}); events get 503 until it does.`);
  }
  listenOnPort(server);

  let stopping = false;
  child.on("exit", (code, signal) => {
    if (stopping) return process.exit(0);
    console.error(`front: the app process stopped (${signal ?? code}); stopping.`);
    process.exit(1);
  });
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => {
      stopping = true;
      server.close();
      // The app finishes the workflow step in flight and stores co-edited documents, then exits.
      child.kill("SIGTERM");
    });
  }
  return server;
}

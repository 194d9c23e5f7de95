// The studio's one server process (decision 036): the tracker's event endpoint, then the Express app
// (pages, the metrics API, static files), the co-editing WebSocket on the same port, and the jobs.
// `startStudio` is the typed entry: server/serve.ts runs it for `npm start` and `remix dev`, tests start
// and stop it in-process.
import type { ServerBuild } from "@remix-run/node";
import http, { type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { createApp, hostOf } from "./app";
import { attachCollaboration } from "./collaboration-socket";
import { eventEndpoint } from "./collect";
import { stopServing } from "./stop-serving";
import { studioEntry } from "./studio-entry";
import { clientAddress, trustSetting } from "./trust-proxy";

export interface StudioOptions {
  build: ServerBuild;
  /** PORT, else 3000; 0 picks a free one. */
  port?: number;
  /** HOST, else every interface. */
  host?: string;
}

export interface Studio {
  server: http.Server;
  /** Where it listens, e.g. http://localhost:3000. */
  url: string;
  /**
   * Stops listening, finishes the workflow step in flight, stores the co-edited documents, and
   * resolves once every request is answered and every tracker event received is committed and
   * fsynced: what got a 202 is stored. Connections close as their answers are sent.
   */
  stop(): Promise<void>;
}

const isEvent = (req: IncomingMessage) => req.method === "POST" && (req.url === "/api/event" || req.url?.startsWith("/api/event?"));

export async function startStudio({
  build,
  port = Number(process.env.PORT ?? 3000),
  host = process.env.HOST,
}: StudioOptions): Promise<Studio> {
  const entry = studioEntry(build);
  await entry.loadNetworkConsent();
  await entry.collaborationEntry.ready();
  const app = createApp(build, entry);
  // A tracker event skips express: at thousands a second its routing and body parsing cost about as
  // much as the event itself (decision 030). The address is read as express reads req.ip.
  const event = eventEndpoint(entry, { clientIp: clientAddress(trustSetting()) });
  const server = http.createServer((req, res) => entry.withRequestScope(() => (isEvent(req) ? void event(req, res) : app(req, res))));
  // Live co-editing on the same port (decision 022).
  const sockets = attachCollaboration(server, entry.collaborationEntry, (request) => hostOf(app, request.headers), entry.withRequestScope);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    const listening = () => {
      server.off("error", reject);
      resolve();
    };
    if (host) server.listen(port, host, listening);
    else server.listen(port, listening);
  });
  const url = `http://localhost:${(server.address() as AddressInfo).port}`;

  // The jobs live in this process too (WORKFLOW_RUNNER=off leaves the runner out).
  const relay = await entry.startWakeRelay();
  const runner = process.env.WORKFLOW_RUNNER === "off" ? null : await entry.startWorkflowRunner();
  await entry.startPublishScheduler();
  const retention = entry.startTrackerRetention();
  const auditHead = entry.startAuditHeadPoster();

  let stopped: Promise<void> | null = null;
  const stop = async () => {
    const answered = stopServing(server); // no new connections; each open one closes once answered
    retention.stop();
    auditHead.stop();
    relay?.stop();
    try {
      await runner?.stop(); // finishes the step in flight; an unfinished one would be resumed after its lease
      await entry.collaborationEntry.storeAll();
    } catch (error) {
      // Stopping anyway: a server that cannot finish its work must not linger.
      console.error(`studio: stopping after an error: ${error instanceof Error ? error.message.trim().split("\n").pop() : String(error)}`);
    }
    for (const socket of sockets.clients) socket.terminate(); // documents are stored; editors reconnect to the next server
    await answered;
    await entry.drainEvents();
  };
  return { server, url, stop: () => (stopped ??= stop()) };
}

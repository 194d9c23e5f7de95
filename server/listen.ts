// Where the studio's public server listens: PORT (3000), on HOST if set. The front process in
// production (decision 028), the app itself under `remix dev`. Behind the front, the app listens on
// the front's private Unix socket instead.
import fs from "node:fs";
import type { Server } from "node:http";

/** The line the server logs once it listens, with the Node it runs on (decision 037). */
export function listeningLine(port: number): string {
  return `Content Studio on http://localhost:${port} (${process.env.NODE_ENV ?? "development"}, Node ${process.version})`;
}

export function listenOnPort(server: Server): Server {
  const port = Number(process.env.PORT ?? 3000);
  const onListen = () => console.log(listeningLine(port));
  return process.env.HOST ? server.listen(port, process.env.HOST, onListen) : server.listen(port, onListen);
}

export function listenBehindFront(server: Server, socketPath: string, onReady: () => void) {
  fs.rmSync(socketPath, { force: true });
  // Only the front connects, and it keeps its connections for reuse: were this side to close an idle
  // one (5 s by default), a request the front sends on it at that moment would fail (ECONNRESET, a 502).
  server.keepAliveTimeout = 0;
  server.listen(socketPath, onReady);
}

/**
 * Stops listening and resolves once every connection is closed. close() closes only the connections
 * idle at that moment; one answering a request then would stay open for good behind the front (no
 * keep-alive timeout), so from now on each connection closes as soon as its answer is sent.
 */
export function stopServing(server: Server): Promise<void> {
  server.keepAliveTimeout = 1;
  return new Promise((resolve) => server.close(() => resolve()));
}

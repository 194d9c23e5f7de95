// How the server stops taking requests without cutting one off.
import type { Server } from "node:http";

/**
 * Stops listening and resolves once every connection is closed. close() closes only the connections
 * idle at that moment; one answering a request then would stay open until its keep-alive timeout
 * (or for good, were the timeout off), so from now on each connection closes as soon as its answer is sent.
 */
export function stopServing(server: Server): Promise<void> {
  server.keepAliveTimeout = 1;
  return new Promise((resolve) => server.close(() => resolve()));
}

// The collaboration WebSocket (decision 022): on the web server's own port at /collab. A connection
// must come from the studio's own pages (Origin) with a live session cookie; otherwise it is accepted
// only to be closed at once with the reason, and logged. Messages above MAX_MESSAGE_BYTES close it too.
import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocketServer, type WebSocket } from "ws";
import { isAllowedOrigin } from "./same-origin";

export const COLLABORATION_PATH = "/collab";
/** Bigger than any whole document's first sync (a body is at most 200,000 characters). */
export const MAX_MESSAGE_BYTES = 2 * 1024 * 1024;

type Refusal = { code: number; reason: string };

/** What app/entry.server.tsx gives the server for collaboration. */
export interface CollaborationEntry {
  userForCookie(cookie: string | undefined): Promise<{ id: string; name: string; role: string } | null>;
  handleConnection(socket: WebSocket, request: IncomingMessage, context: object): void;
  /** Resolves once the documents are relayed between replicas (at once without REDIS_URL). */
  ready(): Promise<void>;
  refusals: { noSession: Refusal; otherOrigin: Refusal };
}

type Scope = (work: () => unknown) => unknown;

export function attachCollaboration(
  server: Server,
  entry: CollaborationEntry,
  hostOf: (request: IncomingMessage) => string | undefined,
  scope: Scope = (work) => work(),
) {
  const sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  server.on("upgrade", (request: IncomingMessage, socket: Duplex, head: Buffer) => scope(() => upgrade(request, socket, head)));
  async function upgrade(request: IncomingMessage, socket: Duplex, head: Buffer) {
    if (new URL(request.url ?? "/", "http://studio").pathname !== COLLABORATION_PATH) return socket.destroy();
    socket.on("error", () => undefined); // a client that vanished mid-handshake
    const sameOrigin = isAllowedOrigin({ method: "POST", origin: request.headers.origin, host: hostOf(request) });
    const user = sameOrigin ? await entry.userForCookie(request.headers.cookie).catch(() => null) : null;
    sockets.handleUpgrade(request, socket, head, (ws) => {
      ws.on("error", (error) => console.warn(`collaboration: closed ${user?.id ?? "anonymous"}: ${error.message}`));
      const refusal = !sameOrigin ? entry.refusals.otherOrigin : !user ? entry.refusals.noSession : null;
      if (refusal) {
        console.warn(`collaboration: refused a connection from ${request.headers.origin ?? "no origin"}: ${refusal.reason}`);
        return ws.close(refusal.code, refusal.reason);
      }
      entry.handleConnection(ws, request, { user, socket: ws });
    });
  }
  return sockets;
}

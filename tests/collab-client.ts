// A Node co-editing client for tests and benches: Hocuspocus's provider over `ws` with the session
// cookie and the studio's Origin, as a browser tab would connect.
import { HocuspocusProvider } from "@hocuspocus/provider";
import WebSocket from "ws";
import * as Y from "yjs";

export function socketClass(baseUrl: string, cookie?: string, origin = baseUrl) {
  return class StudioSocket extends WebSocket {
    constructor(url: string) {
      super(url, { headers: { Origin: origin, ...(cookie ? { Cookie: cookie } : {}) } });
    }
  };
}

/** Connects to an item's document; resolves once synced (rejects when the server refuses). */
export function connectEditor(baseUrl: string, contentId: string, cookie: string, document = new Y.Doc()) {
  return new Promise<{ provider: HocuspocusProvider; document: Y.Doc; close(): void }>((resolve, reject) => {
    // The provider passes WebSocketPolyfill on to its socket, though its type does not list it.
    const polyfill = { WebSocketPolyfill: socketClass(baseUrl, cookie) } as object;
    const provider: HocuspocusProvider = new HocuspocusProvider({
      ...polyfill,
      url: `${baseUrl.replace(/^http/, "ws")}/collab`,
      name: contentId,
      document,
      token: "session",
      onSynced: () => resolve({ provider, document, close: () => provider.destroy() }),
      onAuthenticationFailed: ({ reason }) => reject(new Error(reason)),
      onClose: ({ event }) => reject(new Error(`closed ${event.code} ${event.reason}`)),
    });
  });
}

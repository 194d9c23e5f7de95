// One item's co-editing session in the browser: the Yjs document, kept on this device (IndexedDB) and
// synced with the server (Hocuspocus over /collab, authenticated by the session cookie).
import { HocuspocusProvider, HocuspocusProviderWebsocket } from "@hocuspocus/provider";
import { IndexeddbPersistence } from "y-indexeddb";
import * as Y from "yjs";
import type { LiveState } from "./live-status";

export interface CoEditing {
  doc: Y.Doc;
  provider: HocuspocusProvider;
  /** Resolves when there is text to show: the server's, or this device's copy while offline. */
  ready: Promise<void>;
  onState(listener: (state: LiveState, reason?: string) => void): void;
  /** The server's nudges over the same connection (e.g. "comments": the threads changed). */
  onNudge(listener: (about: string) => void): void;
  destroy(): void;
}

/** Close codes the server refuses with: reconnecting would not help. */
const REFUSED = new Set([4401, 4403, 4404]);

export function openCoEditing(itemId: string): CoEditing {
  const doc = new Y.Doc();
  const local = new IndexeddbPersistence(`studio:item:${itemId}`, doc);
  const url = `${window.location.protocol === "https:" ? "wss" : "ws"}://${window.location.host}/collab`;
  // Retries back off to 5 s at most (not the default 30 s): a writer whose network returns sees "saved" in seconds.
  const socket = new HocuspocusProviderWebsocket({ url, maxDelay: 5_000 });
  const provider = new HocuspocusProvider({ websocketProvider: socket, name: itemId, document: doc, token: "session" });
  provider.attach();
  let listener: (state: LiveState, reason?: string) => void = () => undefined;
  let connected = false;
  let refused: string | null = null;

  const report = () => {
    if (refused) return listener("refused", refused);
    if (!connected || !navigator.onLine) return listener("offline");
    if (!provider.isSynced) return listener("connecting");
    listener(provider.hasUnsyncedChanges ? "saving" : "saved");
  };
  provider.on("status", ({ status }: { status: string }) => {
    connected = status === "connected";
    report();
  });
  provider.on("synced", report);
  provider.on("unsyncedChanges", report);
  provider.on("close", ({ event }: { event: { code: number; reason: string } }) => {
    if (!REFUSED.has(event.code)) return;
    refused = event.reason || "the server refused the connection.";
    provider.configuration.websocketProvider.disconnect();
    report();
  });
  provider.on("authenticationFailed", ({ reason }: { reason: string }) => {
    refused = reason;
    report();
  });
  // Without a network the socket can linger: go offline at once. The provider keeps wanting a connection
  // (retrying with backoff up to 5 s); when the network is back, a socket that never told us it closed is
  // dropped and a new one opened at once. (`disconnect()` here once left the provider not wanting one if
  // the network came back before the old socket's close event: it then never reconnected — issue 33.)
  const websocket = provider.configuration.websocketProvider;
  const offline = () => {
    connected = false;
    websocket.webSocket?.close();
    report();
  };
  const online = () => {
    if (refused) return;
    websocket.shouldConnect = true;
    if (websocket.webSocket?.readyState !== WebSocket.OPEN && websocket.status !== "disconnected")
      websocket.onClose({ event: { code: 4408, reason: "the network came back" } });
    void websocket.connect();
  };
  window.addEventListener("offline", offline);
  window.addEventListener("online", online);

  let nudged: (about: string) => void = () => undefined;
  provider.on("stateless", ({ payload }: { payload: string }) => {
    try {
      const { about } = JSON.parse(payload) as { about?: unknown };
      if (typeof about === "string") nudged(about);
    } catch {
      /* not one of ours */
    }
  });

  const ready = new Promise<void>((resolve) => {
    provider.on("synced", () => resolve());
    // This device's copy is enough to start typing while the server cannot be reached.
    local.on("synced", () => {
      if (doc.getXmlFragment("default").length > 0 && (!connected || !navigator.onLine)) resolve();
    });
  });

  return {
    doc,
    provider,
    ready,
    onState(next) {
      listener = next;
      report();
    },
    onNudge(next) {
      nudged = next;
    },
    destroy() {
      window.removeEventListener("offline", offline);
      window.removeEventListener("online", online);
      provider.destroy();
      socket.destroy();
      void local.destroy();
      doc.destroy();
    },
  };
}

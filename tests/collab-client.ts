// A Node co-editing client for tests and benches: Hocuspocus's provider over `ws` with the session
// cookie and the studio's Origin, as a browser tab would connect.
import { HocuspocusProvider } from "@hocuspocus/provider";
import { Slice } from "@tiptap/pm/model";
import { EditorState } from "@tiptap/pm/state";
import { initProseMirrorDoc, updateYFragment, ySyncPluginKey } from "@tiptap/y-tiptap";
import WebSocket from "ws";
import * as Y from "yjs";
import { DOC_FIELD, editorSchema } from "~/domain/rich-text";

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

/**
 * What a browser's editor does to the shared document when it opens (y-tiptap's ySyncPlugin): it builds
 * the editor's document from Yjs (deleting any node the schema refuses), fits it into the editor, and
 * writes back whatever the fitting changed. A faithful schema changes nothing.
 */
export function openLikeBrowser(document: Y.Doc) {
  const fragment = document.getXmlFragment(DOC_FIELD);
  const { doc: built, meta } = initProseMirrorDoc(fragment, editorSchema());
  const empty = EditorState.create({ schema: editorSchema() });
  const shown = empty.tr.replace(0, empty.doc.content.size, new Slice(built.content, 0, 0)).doc;
  if (!shown.eq(built)) document.transact(() => updateYFragment(document, fragment, shown, meta), ySyncPluginKey);
  return shown;
}

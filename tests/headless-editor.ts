// A browser editor without a browser: ProseMirror's state and plugin views (y-tiptap's sync plugin
// among them) bound to a Yjs document, driven the way EditorView drives them.
import { EditorState, TextSelection, type Plugin, type Transaction } from "@tiptap/pm/state";
import { ySyncPlugin, yUndoPlugin } from "@tiptap/y-tiptap";
import * as Y from "yjs";
import { localEditsOnly } from "~/components/editor/write-back";
import { DOC_FIELD, editorSchema } from "~/domain/rich-text";

type PluginView = { update?(view: HeadlessView, prev: EditorState): void; destroy?(): void };

export class HeadlessView {
  state: EditorState;
  private views: PluginView[] = [];
  constructor(state: EditorState) {
    this.state = state;
    for (const plugin of state.plugins) {
      const make = plugin.spec.view as ((view: HeadlessView) => PluginView) | undefined;
      if (make) this.views.push(make(this));
    }
  }
  dispatch(tr: Transaction) {
    this.updateState(this.state.apply(tr));
  }
  /** What EditorView.updateState does after the state is set: every plugin view hears of it. */
  updateState(next: EditorState) {
    const prev = this.state;
    this.state = next;
    for (const view of this.views) view.update?.(this, prev);
  }
  hasFocus() {
    return false;
  }
  destroy() {
    for (const view of this.views) view.destroy?.();
  }
  /** TipTap's setOptions after a React render: the same state again. */
  setOptions() {
    this.updateState(this.state);
  }
  caretAt(pos: number) {
    this.dispatch(this.state.tr.setSelection(TextSelection.create(this.state.doc, pos)));
  }
  /** Types at the caret, as a keystroke does. */
  type(text: string) {
    for (const char of text) this.dispatch(this.state.tr.insertText(char));
  }
  get text() {
    return this.state.doc.textContent;
  }
}

/**
 * An editor bound to `doc`, as the studio's editor binds it (`studio`: with its write-back rule) or
 * as y-tiptap alone does. `extra` plugins go first (e.g. one that holds back what Yjs sends).
 */
export function openEditor(doc: Y.Doc, { studio = true, extra = [] as Plugin[] } = {}) {
  const fragment = doc.getXmlFragment(DOC_FIELD);
  const sync = [ySyncPlugin(fragment), yUndoPlugin()];
  const plugins = [...extra, ...(studio ? localEditsOnly(sync) : sync)];
  return new HeadlessView(EditorState.create({ schema: editorSchema(), plugins }));
}

/** Sends each document's news to the others, until they agree. */
export function exchange(...docs: Y.Doc[]) {
  for (const from of docs)
    for (const to of docs) if (from !== to) Y.applyUpdate(to, Y.encodeStateAsUpdate(from, Y.encodeStateVector(to)), "remote");
}

/** Counts the updates a document makes that delete anything. */
export function deletesMadeBy(doc: Y.Doc) {
  const seen = { deletes: 0 };
  doc.on("update", (update: Uint8Array, origin: unknown) => {
    if (origin !== "remote" && Y.decodeUpdate(update).ds.clients.size > 0) seen.deletes += 1;
  });
  return seen;
}

// How the editor writes into the shared document. y-tiptap's sync plugin writes the whole editor
// document into Yjs after every view update (a React render's setOptions, a selection, a caret), so
// an editor that lags the shared document at that moment deletes what it has not shown yet (issue 35).
// Here the editor writes only after a local transaction that changed the document, and only as the
// difference from what it last showed: if Yjs moved on unseen, the edit is rebased onto it instead.
import Collaboration from "@tiptap/extension-collaboration";
import type { Node, Schema } from "@tiptap/pm/model";
import { Plugin, TextSelection, type EditorState, type Transaction } from "@tiptap/pm/state";
import { ReplaceStep, Transform, type Step } from "@tiptap/pm/transform";
import type { EditorView } from "@tiptap/pm/view";
import { ySyncPluginKey, yUndoPluginKey, type ProsemirrorBinding } from "@tiptap/y-tiptap";
import * as Y from "yjs";

type SyncState = {
  binding: ProsemirrorBinding;
  doc: Y.Doc;
  type: Y.XmlFragment;
  snapshot: unknown;
  prevSnapshot: unknown;
  isChangeOrigin: boolean;
  addToHistory: boolean;
};

/** `behind`: Yjs changed and the editor has not shown it yet; `steps`: the local edits since the last write, made on `from`. */
type Track = { behind: boolean; steps: Step[]; from: Node | null };

const syncStateOf = (state: EditorState) => ySyncPluginKey.getState(state) as SyncState;

/** The editor-document size the Yjs fragment stands for (a cheap check that the editor shows all of it). */
export function sizeInEditor(fragment: Y.XmlFragment | Y.XmlElement, schema: Schema): number {
  let size = 0;
  for (const child of fragment.toArray()) {
    if (child instanceof Y.XmlText) size += child.length;
    else if (child instanceof Y.XmlElement) size += schema.nodes[child.nodeName]?.isLeaf ? 1 : 2 + sizeInEditor(child, schema);
  }
  return size;
}

/** Whether a transaction is the sync plugin showing the shared document (it renders all of it). */
const showsSharedDocument = (tr: Transaction) => !!(tr.getMeta(ySyncPluginKey) as { isChangeOrigin?: boolean } | undefined)?.isChangeOrigin;

/**
 * Replaces the sync plugin's view: `behind` is set when Yjs changed by anyone but this editor and
 * cleared when the sync plugin has shown the shared document.
 */
function writeOnlyLocalEdits(sync: Plugin, track: Track) {
  const original = sync.spec.view!;
  sync.spec.view = (view: EditorView) => {
    const { binding, doc, type } = syncStateOf(view.state);
    const noteRemote = (transaction: Y.Transaction) => {
      if (transaction.origin !== ySyncPluginKey && transaction.changedParentTypes.has(type as never)) track.behind = true;
    };
    // Before the sync plugin's own observer, which shows the change and so clears `behind`.
    doc.on("beforeObserverCalls", noteRemote);
    const inner = original(view);
    return {
      update(view: EditorView, prevState: EditorState) {
        const state = syncStateOf(view.state);
        const { steps, from } = track;
        track.steps = [];
        track.from = null;
        // setOptions, selections, carets, decorations, what Yjs sent: nothing typed, nothing written.
        if (view.state.doc === prevState.doc || !from || steps.length === 0) return;
        if (state.snapshot != null || state.prevSnapshot != null) return;
        const lagging = track.behind || sizeInEditor(type, view.state.schema) !== from.content.size;
        if (lagging) return rebaseOntoShared(view, binding, from, steps);
        if (!state.addToHistory) (yUndoPluginKey.getState(view.state) as { undoManager?: Y.UndoManager })?.undoManager?.stopCapturing();
        binding.mux(() => {
          doc.transact((tr) => {
            tr.meta.set("addToHistory", state.addToHistory);
            binding._prosemirrorChanged(view.state.doc);
          }, ySyncPluginKey);
        });
      },
      destroy() {
        doc.off("beforeObserverCalls", noteRemote);
        inner?.destroy?.();
      },
    };
  };
}

/**
 * The editor showed `before` and its member's `steps` made `view.state` of it, but Yjs holds more than
 * `before`: the editor first shows the shared document, then the member's steps are rebased onto it
 * (as prosemirror-collab rebases) and written as an ordinary local edit. Nothing the editor did not
 * delete is deleted; a step that no longer fits (its words were deleted meanwhile) is dropped.
 */
function rebaseOntoShared(view: EditorView, binding: ProsemirrorBinding, before: Node, steps: Step[]) {
  const mine = view.state;
  binding._forceRerender();
  const shared = view.state.doc;
  const start = before.content.findDiffStart(shared.content);
  const ends = before.content.findDiffEnd(shared.content);
  const remote =
    start === null || !ends ? null : new ReplaceStep(start, Math.max(start, ends.a), shared.slice(start, Math.max(start, ends.b)));
  const docs = [before];
  for (const step of steps) docs.push(step.apply(docs[docs.length - 1]).doc ?? docs[docs.length - 1]);
  const transform = new Transform(mine.doc);
  for (let i = steps.length - 1; i >= 0; i--) if (transform.maybeStep(steps[i].invert(docs[i])).failed) return;
  if (remote && transform.maybeStep(remote).failed) return;
  const tr = view.state.tr;
  for (let i = 0, mapFrom = steps.length; i < steps.length; i++) {
    const mapped = steps[i].map(transform.mapping.slice(mapFrom));
    mapFrom--;
    if (mapped && !transform.maybeStep(mapped).failed) {
      (transform.mapping as unknown as { setMirror(n: number, m: number): void }).setMirror(mapFrom, transform.steps.length - 1);
      tr.step(mapped);
    }
  }
  if (!tr.docChanged) return;
  const toFinal = transform.mapping;
  const { anchor, head } = mine.selection;
  const size = tr.doc.content.size;
  const at = (pos: number) => Math.min(size, Math.max(0, toFinal.map(pos)));
  view.dispatch(tr.setSelection(TextSelection.between(tr.doc.resolve(at(anchor)), tr.doc.resolve(at(head)))));
}

/** The sync plugin among `plugins` made to write only local edits, with the plugin that notes what it showed. */
export function localEditsOnly(plugins: Plugin[]): Plugin[] {
  const sync = plugins.find((plugin) => plugin.spec.key === ySyncPluginKey);
  if (!sync) return plugins;
  const track: Track = { behind: false, steps: [], from: null };
  writeOnlyLocalEdits(sync, track);
  const shown = new Plugin({
    state: {
      init: () => null,
      // Runs only for a transaction every filter let through: the editor now shows the shared document.
      apply(tr, value) {
        if (showsSharedDocument(tr)) {
          track.behind = false;
          track.steps = [];
          track.from = null;
        } else if (tr.docChanged) {
          track.from ??= tr.before;
          track.steps.push(...tr.steps);
        }
        return value;
      },
    },
  });
  return [...plugins, shown];
}

/** TipTap's Collaboration, writing into Yjs only what this editor's own transactions changed. */
export const SharedDocument = Collaboration.extend({
  addProseMirrorPlugins() {
    return localEditsOnly(this.parent?.() ?? []);
  },
});

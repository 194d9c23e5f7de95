// Comments on passages in the rich editor: a selection becomes an anchor of Yjs relative positions
// (so it follows everyone's edits), and every open thread's passage is highlighted.
import { Extension } from "@tiptap/core";
import type { EditorState } from "@tiptap/pm/state";
import { Plugin, PluginKey } from "@tiptap/pm/state";
import { Decoration, DecorationSet } from "@tiptap/pm/view";
import { absolutePositionToRelativePosition, relativePositionToAbsolutePosition, ySyncPluginKey } from "@tiptap/y-tiptap";
import * as Y from "yjs";

type Binding = { type: Y.XmlFragment; doc: Y.Doc; mapping: Map<unknown, unknown> };

function bindingOf(state: EditorState): Binding | null {
  const sync = ySyncPluginKey.getState(state) as { binding?: Binding } | undefined;
  return sync?.binding ?? null;
}

/** The selection as an anchor (JSON), or null when the editor is not bound to the shared document. */
export function anchorOfSelection(state: EditorState): string | null {
  const binding = bindingOf(state);
  const { from, to } = state.selection;
  if (!binding || from === to) return null;
  const relative = (pos: number) =>
    Y.relativePositionToJSON(absolutePositionToRelativePosition(pos, binding.type, binding.mapping as never));
  return JSON.stringify({ from: relative(from), to: relative(to) });
}

/** Where an anchor is now, or null (an anchor from before live editing, or a passage deleted). */
export function rangeOfAnchor(state: EditorState, anchor: string): { from: number; to: number } | null {
  const binding = bindingOf(state);
  if (!binding) return null;
  try {
    const parsed = JSON.parse(anchor) as { from?: unknown; to?: unknown };
    if (!parsed.from || !parsed.to) return null;
    const absolute = (json: unknown) =>
      relativePositionToAbsolutePosition(binding.doc, binding.type, Y.createRelativePositionFromJSON(json), binding.mapping as never);
    const from = absolute(parsed.from);
    const to = absolute(parsed.to);
    return from !== null && to !== null && from < to ? { from, to } : null;
  } catch {
    return null;
  }
}

const key = new PluginKey<string[]>("commentAnchors");

/** Highlights the passages of the anchors given with `setCommentAnchors`. */
export const CommentAnchors = Extension.create({
  name: "commentAnchors",
  addProseMirrorPlugins() {
    return [
      new Plugin<string[]>({
        key,
        state: {
          init: () => [],
          apply: (tr, anchors) => (tr.getMeta(key) as string[] | undefined) ?? anchors,
        },
        props: {
          decorations(state) {
            const decorations = (key.getState(state) ?? []).flatMap((anchor) => {
              const range = rangeOfAnchor(state, anchor);
              return range ? [Decoration.inline(range.from, range.to, { class: "comment-anchor" })] : [];
            });
            return DecorationSet.create(state.doc, decorations);
          },
        },
      }),
    ];
  },
});

export const commentAnchorsMeta = key;

// Inserting into the text (an uploaded image) goes at the caret, or just after the selection: it never
// replaces the words a member selected (issue 35); only typing over a selection does that.
import type { Editor, JSONContent } from "@tiptap/core";

export function insertAfterSelection(editor: Editor, content: JSONContent[]) {
  return editor.chain().focus().insertContentAt(editor.state.selection.to, content).run();
}

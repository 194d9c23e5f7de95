// Issue 35: inserting an image keeps the selected words (and so a comment's passage).
import { Editor } from "@tiptap/core";
import { afterEach, describe, expect, it } from "vitest";
import { insertAfterSelection } from "~/components/editor/insert-content";
import { docToMarkdown, documentExtensions, markdownToDoc } from "~/domain/rich-text";

const TEXT = "Keep these words safe. Select me please and then insert an image.";
const IMAGE = markdownToDoc("![Chart](/uploads/chart.png)").content ?? [];
let editor: Editor;
afterEach(() => editor.destroy());

function editorWith(text: string) {
  editor = new Editor({ element: null, extensions: documentExtensions(), content: markdownToDoc(text) });
  return editor;
}

/** The positions of `words` in the editor's one paragraph. */
const rangeOf = (words: string) => ({ from: 1 + TEXT.indexOf(words), to: 1 + TEXT.indexOf(words) + words.length });

describe("inserting an image", () => {
  it("goes after the selected words and keeps them", () => {
    editorWith(TEXT).commands.setTextSelection(rangeOf("Select me please"));
    insertAfterSelection(editor, IMAGE);
    expect(docToMarkdown(editor.getJSON())).toBe(
      "Keep these words safe. Select me please\n\n![Chart](/uploads/chart.png)\n\nand then insert an image.",
    );
  });

  it("goes at the caret when nothing is selected", () => {
    editorWith(TEXT).commands.setTextSelection(rangeOf("Select").from);
    insertAfterSelection(editor, IMAGE);
    expect(docToMarkdown(editor.getJSON())).toBe(
      "Keep these words safe.\n\n![Chart](/uploads/chart.png)\n\nSelect me please and then insert an image.",
    );
  });
});

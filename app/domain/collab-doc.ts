// The Yjs side of the editor's document: built from Markdown, read back as Markdown, and changed to
// a new Markdown text with the smallest edit (so concurrent typing elsewhere in the text survives).
import { initProseMirrorDoc, prosemirrorJSONToYDoc, updateYFragment, yXmlFragmentToProseMirrorRootNode } from "@tiptap/y-tiptap";
import * as Y from "yjs";
import { DOC_FIELD, docToMarkdown, editorSchema, markdownToDoc } from "./rich-text";

export function docFromMarkdown(text: string): Y.Doc {
  return prosemirrorJSONToYDoc(editorSchema(), markdownToDoc(text), DOC_FIELD);
}

export function markdownOfDoc(doc: Y.Doc): string {
  return docToMarkdown(yXmlFragmentToProseMirrorRootNode(doc.getXmlFragment(DOC_FIELD), editorSchema()).toJSON());
}

/** Changes the document to read `text`, touching only what differs; `origin` marks the transaction. */
export function applyMarkdown(doc: Y.Doc, text: string, origin: unknown): void {
  const fragment = doc.getXmlFragment(DOC_FIELD);
  const { meta } = initProseMirrorDoc(fragment, editorSchema());
  const next = editorSchema().nodeFromJSON(markdownToDoc(text));
  doc.transact(() => updateYFragment(doc, fragment, next, meta), origin);
}

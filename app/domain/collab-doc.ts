// The Yjs side of the editor's document: built from Markdown, read back as Markdown, and changed to
// a new Markdown text with the smallest edit (so concurrent typing elsewhere in the text survives).
import type { JSONContent } from "@tiptap/core";
import { initProseMirrorDoc, prosemirrorJSONToYDoc, updateYFragment } from "@tiptap/y-tiptap";
import * as Y from "yjs";
import { DOC_FIELD, docToMarkdown, editorSchema, markdownToDoc } from "./rich-text";

export function docFromMarkdown(text: string): Y.Doc {
  return prosemirrorJSONToYDoc(editorSchema(), markdownToDoc(text), DOC_FIELD);
}

/** y-tiptap names a mark that may overlap itself `name--hash`. */
const markName = (key: string) => key.replace(/--[a-zA-Z0-9+/=]{8}$/, "");

function elementToJson(element: Y.XmlElement): JSONContent {
  const content = element
    .toArray()
    .flatMap((child) => (child instanceof Y.XmlText ? textToJson(child) : [elementToJson(child as Y.XmlElement)]));
  return { type: element.nodeName, attrs: element.getAttributes(), content };
}

function textToJson(text: Y.XmlText): JSONContent[] {
  return (text.toDelta() as { insert: unknown; attributes?: Record<string, Record<string, unknown>> }[])
    .filter((part) => typeof part.insert === "string" && part.insert)
    .map((part) => ({
      type: "text",
      text: part.insert as string,
      marks: Object.entries(part.attributes ?? {}).map(([key, attrs]) => ({ type: markName(key), attrs })),
    }));
}

/**
 * The document's Markdown. Read straight from Yjs: y-tiptap's own reading deletes from the shared
 * document whatever the schema refuses, and reading must never change the text (issue 33).
 */
export function markdownOfDoc(doc: Y.Doc): string {
  const fragment = doc.getXmlFragment(DOC_FIELD);
  return docToMarkdown({ type: "doc", content: fragment.toArray().map((child) => elementToJson(child as Y.XmlElement)) });
}

/** Changes the document to read `text`, touching only what differs; `origin` marks the transaction. */
export function applyMarkdown(doc: Y.Doc, text: string, origin: unknown): void {
  const fragment = doc.getXmlFragment(DOC_FIELD);
  const { meta } = initProseMirrorDoc(fragment, editorSchema());
  const next = editorSchema().nodeFromJSON(markdownToDoc(text));
  doc.transact(() => updateYFragment(doc, fragment, next, meta), origin);
}

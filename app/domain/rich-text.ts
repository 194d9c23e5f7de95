// The editor's document schema, shared by the browser editor and the collaboration server, so both
// read and write the same Markdown (CommonMark + GFM subset: headings 1–3, emphasis, strike, code,
// links, images with alt text, lists, quotes, code blocks, rules, hard breaks).
import { getSchema, type AnyExtension, type JSONContent } from "@tiptap/core";
import Image from "@tiptap/extension-image";
import { MarkdownManager } from "@tiptap/markdown";
import StarterKit from "@tiptap/starter-kit";

/** The Yjs XML fragment the editor binds to (TipTap's Collaboration default). */
export const DOC_FIELD = "default";

/** The extensions that define the document, without any editing behaviour (no history: Yjs undoes). */
export function documentExtensions(): AnyExtension[] {
  return [
    StarterKit.configure({
      heading: { levels: [1, 2, 3] },
      undoRedo: false,
      underline: false, // not Markdown
      link: { openOnClick: false, autolink: true, protocols: ["http", "https", "mailto"] },
    }),
    Image.configure({ inline: false, allowBase64: false }),
  ];
}

let shared: { manager: MarkdownManager; schema: ReturnType<typeof getSchema> } | null = null;

function markdown() {
  if (!shared) {
    const extensions = documentExtensions();
    shared = { manager: new MarkdownManager({ extensions }), schema: getSchema(extensions) };
  }
  return shared;
}

export function editorSchema() {
  return markdown().schema;
}

/** Markdown → the editor's JSON document. */
export function markdownToDoc(text: string): JSONContent {
  const doc = markdown().manager.parse(text);
  return doc.content?.length ? doc : { type: "doc", content: [{ type: "paragraph" }] };
}

/**
 * The editor's JSON document → Markdown (no trailing newline). Browsers type a space next to a mark
 * boundary as a no-break space; it is written as the space the writer typed.
 */
export function docToMarkdown(doc: JSONContent): string {
  return markdown()
    .manager.serialize(doc)
    .replace(/\u00a0/g, " ")
    .replace(/\s+$/, "");
}

/** Whether two Markdown texts make the same document (e.g. `*` and `-` bullets, a trailing newline). */
export function sameDocument(a: string, b: string): boolean {
  return a === b || docToMarkdown(markdownToDoc(a)) === docToMarkdown(markdownToDoc(b));
}

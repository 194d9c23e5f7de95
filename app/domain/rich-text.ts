// The editor's document schema, shared by the browser editor and the collaboration server, so both
// read and write the same Markdown. It holds everything a body's Markdown (CommonMark + GFM, read as
// the renderer reads it) can hold; what it cannot show as itself is kept as written (issue 33).
import { getSchema, type AnyExtension, type JSONContent } from "@tiptap/core";
import Image from "@tiptap/extension-image";
import type { Node as ProseMirrorNode } from "@tiptap/pm/model";
import StarterKit from "@tiptap/starter-kit";
import { MarkdownReader, docToMdast } from "./markdown-doc";
import { parseMarkdown, writeMarkdown } from "./markdown-syntax";
import {
  InlineImage,
  LooseBulletList,
  LooseOrderedList,
  RawBlock,
  RawInline,
  StudioCode,
  StudioCodeBlock,
  StudioHardBreak,
  StudioListItem,
  Table,
  TableCell,
  TableRow,
} from "./rich-text-nodes";

/** The Yjs XML fragment the editor binds to (TipTap's Collaboration default). */
export const DOC_FIELD = "default";

/** The extensions that define the document, without any editing behaviour (no history: Yjs undoes). */
export function documentExtensions(): AnyExtension[] {
  return [
    StarterKit.configure({
      heading: { levels: [1, 2, 3, 4, 5, 6] },
      undoRedo: false,
      underline: false, // not Markdown
      code: false,
      codeBlock: false,
      bulletList: false,
      orderedList: false,
      listItem: false,
      hardBreak: false,
      trailingNode: false, // an empty paragraph added on open would be a write nobody made (issue 33)
      link: { openOnClick: false, autolink: true, protocols: ["http", "https", "mailto"] },
    }),
    StudioCode,
    StudioHardBreak,
    StudioCodeBlock,
    LooseBulletList,
    LooseOrderedList,
    StudioListItem,
    Image.configure({ inline: false, allowBase64: false }),
    InlineImage,
    RawBlock,
    RawInline,
    Table,
    TableRow,
    TableCell,
  ];
}

let shared: ReturnType<typeof getSchema> | null = null;

export function editorSchema() {
  shared ??= getSchema(documentExtensions());
  return shared;
}

function isValid(json: JSONContent): boolean {
  try {
    editorSchema().nodeFromJSON(json).check();
    return true;
  } catch {
    return false;
  }
}

/** Markdown → the editor's JSON document (always valid in the schema: the browser drops what is not). */
export function markdownToDoc(text: string): JSONContent {
  return new MarkdownReader(text, isValid).doc(parseMarkdown(text));
}

/** The editor's JSON document → Markdown (no trailing newline). */
export function docToMarkdown(doc: JSONContent): string {
  return writeMarkdown(docToMdast(doc)).replace(/\s+$/, "");
}

/** Whether two Markdown texts make the same document (e.g. `*` and `-` bullets, a trailing newline). */
export function sameDocument(a: string, b: string): boolean {
  return a === b || docToMarkdown(markdownToDoc(a)) === docToMarkdown(markdownToDoc(b));
}

/** What the editor shows as text between two positions: blocks on their own lines, kept Markdown as written. */
export function shownText(doc: ProseMirrorNode, from = 0, to = doc.content.size): string {
  return doc.textBetween(from, to, "\n", (leaf) => (leaf.type.name === "hardBreak" ? "\n" : String(leaf.attrs.source ?? "")));
}

/** The text a reader of the editor sees in a Markdown body (where comments find their passages). */
export function shownTextOf(markdown: string): string {
  return shownText(editorSchema().nodeFromJSON(markdownToDoc(markdown)));
}

// The editor's nodes beyond StarterKit, so the document holds everything a body's Markdown can hold
// (issue 33): images inside paragraphs, GFM tables and task items, loose lists, code info strings, and
// — for what the editor cannot show as itself — the Markdown kept as written (`rawBlock`, `rawInline`).
import { Node, mergeAttributes } from "@tiptap/core";
import Code from "@tiptap/extension-code";
import CodeBlock from "@tiptap/extension-code-block";
import HardBreak from "@tiptap/extension-hard-break";
import Image from "@tiptap/extension-image";
import { BulletList, ListItem, OrderedList } from "@tiptap/extension-list";

/** An attribute kept in the document (and Yjs) but not written to the editor's HTML. */
const hidden = <T>(value: T) => ({ default: value, rendered: false });

/**
 * The marks Markdown put on an image, a line break or kept Markdown (`[![badge](…)](…)`, `**a  \nb**`),
 * as JSON: the shared document (y-tiptap) keeps marks only on text, so these nodes carry their own.
 */
const ownMarks = { marks: hidden<string | null>(null) };

export const StudioHardBreak = HardBreak.extend({ addAttributes: () => ({ ...ownMarks }) });

/** A list that Markdown separates with blank lines ("loose"): readers get paragraphs in its items. */
const spread = { spread: hidden(false) };

export const LooseBulletList = BulletList.extend({ addAttributes: () => ({ ...spread }) });

export const LooseOrderedList = OrderedList.extend({
  addAttributes() {
    return { ...this.parent?.(), ...spread };
  },
});

/**
 * A list item, maybe a GFM task (`checked` true/false; null for a plain item). Markdown lets an item
 * start with any block (`- # Heading`, `- ````), so it may here too.
 */
export const StudioListItem = ListItem.extend({
  content: "block+",
  addAttributes: () => ({
    ...spread,
    checked: {
      default: null,
      renderHTML: (attrs: { checked: boolean | null }) => (attrs.checked === null ? {} : { "data-checked": String(attrs.checked) }),
      parseHTML: (el: HTMLElement) => (el.dataset.checked === undefined ? null : el.dataset.checked === "true"),
    },
  }),
});

/** Code blocks keep their whole info string: the language and what follows it. */
export const StudioCodeBlock = CodeBlock.extend({
  addAttributes() {
    return { ...this.parent?.(), meta: hidden(null) };
  },
});

/** Inline code that may also be bold, a link…, as Markdown allows (TipTap's excludes every other mark). */
export const StudioCode = Code.extend({ excludes: "code" });

/** An image among the words of a paragraph; an image alone on its line stays the block `image`. */
export const InlineImage = Image.extend({
  name: "inlineImage",
  draggable: false,
  addAttributes() {
    return { ...this.parent?.(), ...ownMarks };
  },
}).configure({ inline: true, allowBase64: false });

/** What a reader gets of a kept block, by the Markdown construct it was read as (`kind`). */
const RAW_LABELS: Record<string, string> = {
  html: "HTML: readers do not see it",
  definition: "Link definition",
  footnoteDefinition: "Footnote",
};

/**
 * Markdown the editor does not show as itself (raw HTML, link definitions, footnotes, a list item that
 * starts with a heading…), kept as written and editable as text. `kind` is the construct it was read as.
 */
export const RawBlock = Node.create({
  name: "rawBlock",
  group: "block",
  content: "text*",
  marks: "",
  code: true,
  defining: true,
  addAttributes: () => ({
    kind: { default: "markdown", renderHTML: (a) => ({ "data-label": RAW_LABELS[a.kind] ?? "Markdown kept as written" }) },
  }),
  parseHTML: () => [{ tag: "pre[data-raw]", preserveWhitespace: "full" }],
  renderHTML: ({ HTMLAttributes }) => ["pre", mergeAttributes(HTMLAttributes, { "data-raw": "", class: "raw-block" }), ["code", 0]],
});

/** Inline Markdown the editor does not show as itself (an HTML tag, a reference link, a footnote mark). */
export const RawInline = Node.create({
  name: "rawInline",
  group: "inline",
  inline: true,
  atom: true,
  selectable: true,
  addAttributes: () => ({ source: hidden(""), ...ownMarks }),
  parseHTML: () => [{ tag: "code[data-raw-inline]", getAttrs: (el) => ({ source: (el as HTMLElement).textContent ?? "" }) }],
  renderHTML: ({ node }) => ["code", { "data-raw-inline": "", class: "raw-inline", title: "Kept as written" }, node.attrs.source],
});

/** A GFM table: a header row then body rows; cells hold one line of text (no breaks, as GFM allows). */
export const Table = Node.create({
  name: "table",
  group: "block",
  content: "tableRow+",
  isolating: true,
  parseHTML: () => [{ tag: "table" }],
  renderHTML: () => ["div", { class: "table-scroll" }, ["table", ["tbody", 0]]],
});

export const TableRow = Node.create({
  name: "tableRow",
  content: "tableCell+",
  parseHTML: () => [{ tag: "tr" }],
  renderHTML: () => ["tr", 0],
});

export const TableCell = Node.create({
  name: "tableCell",
  content: "(text | inlineImage | rawInline)*",
  isolating: true,
  addAttributes: () => ({ align: { default: null, renderHTML: (a) => (a.align ? { "data-align": a.align } : {}) }, header: hidden(false) }),
  parseHTML: () => [{ tag: "td" }, { tag: "th", attrs: { header: true } }],
  renderHTML: ({ node, HTMLAttributes }) => [node.attrs.header ? "th" : "td", HTMLAttributes, 0],
});

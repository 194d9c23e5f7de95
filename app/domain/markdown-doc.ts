// Markdown's syntax tree (mdast) ⇄ the editor's JSON document. Each mdast node becomes the editor node
// that holds it; a node the editor has no place for (raw HTML, a link definition, a footnote, a list
// item that starts with a heading…) becomes `rawBlock`/`rawInline` holding its Markdown as written, so
// nothing a body says is dropped (issue 33). The reverse builds mdast back for `writeMarkdown`.
import type { JSONContent } from "@tiptap/core";
import type {
  Blockquote,
  Code,
  Heading,
  Html,
  List,
  ListItem,
  Nodes,
  Paragraph,
  PhrasingContent,
  Root,
  RootContent,
  Table,
  TableCell,
  TableRow,
} from "mdast";
import { RAW_SOURCE, parseMarkdown, writeMarkdown } from "./markdown-syntax";

type Mark = { type: string; attrs?: Record<string, unknown> };
type Json = JSONContent;

/** Whether a JSON node is valid in the editor's schema (the browser's editor drops what is not). */
export type Validate = (node: Json) => boolean;

/**
 * The Markdown a node was read from: the exact text of a top-level block or of an inline node, else
 * (a block inside a quote or list, whose lines carry the container's marks) the node written again.
 */
function sourceOf(node: Nodes, text: string, exact: boolean): string {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  if (exact && start !== undefined && end !== undefined) return text.slice(start, end);
  return writeMarkdown(node).replace(/\n+$/, "");
}

function rawBlock(source: string, kind: string): Json {
  return { type: "rawBlock", attrs: { kind }, content: source ? [{ type: "text", text: source }] : [] };
}

export class MarkdownReader {
  private topLevel = new Set<RootContent>();

  constructor(
    private readonly text: string,
    private readonly valid: Validate,
  ) {}

  doc(root: Root): Json {
    this.topLevel = new Set(root.children);
    const content = this.blocks(root.children, true);
    return { type: "doc", content: content.length ? content : [{ type: "paragraph" }] };
  }

  /** Blocks in a container; each one the editor cannot hold validly is kept as written instead. */
  private blocks(nodes: RootContent[], topLevel: boolean): Json[] {
    return nodes.map((node) => {
      const converted = this.block(node);
      if (converted && this.valid(converted)) return converted;
      return rawBlock(sourceOf(node, this.text, topLevel), node.type);
    });
  }

  private block(node: RootContent): Json | null {
    switch (node.type) {
      case "paragraph":
        return this.paragraph(node);
      case "heading":
        return { type: "heading", attrs: { level: node.depth }, content: this.inline(node.children, []) };
      case "thematicBreak":
        return { type: "horizontalRule" };
      case "blockquote":
        return { type: "blockquote", content: this.blocks(node.children, false) };
      case "list":
        return this.list(node);
      case "code":
        return { type: "codeBlock", attrs: { language: node.lang ?? null, meta: node.meta ?? null }, content: text(node.value) };
      case "html":
        return rawBlock(node.value, "html");
      case "table":
        return this.table(node);
      default:
        return null;
    }
  }

  private paragraph(node: Paragraph): Json {
    const [only] = node.children;
    // An image alone on a top-level line is the block image the editor always made of it.
    if (node.children.length === 1 && only.type === "image" && this.topLevel.has(node))
      return { type: "image", attrs: { src: only.url, alt: only.alt ?? null, title: only.title ?? null } };
    return { type: "paragraph", content: this.inline(node.children, []) };
  }

  private list(node: List): Json {
    const items = node.children.map((item) => this.listItem(item));
    const spread = !!node.spread;
    if (!node.ordered) return { type: "bulletList", attrs: { spread }, content: items };
    return { type: "orderedList", attrs: { start: node.start ?? 1, spread }, content: items };
  }

  private listItem(node: ListItem): Json {
    // An empty item holds an empty paragraph, which a reader gets as the same empty item.
    const content = node.children.length ? this.blocks(node.children, false) : [{ type: "paragraph" }];
    return { type: "listItem", attrs: { checked: node.checked ?? null, spread: !!node.spread }, content };
  }

  private table(node: Table): Json {
    const align = node.align ?? [];
    return {
      type: "table",
      content: node.children.map((row: TableRow, r) => ({
        type: "tableRow",
        content: row.children.map((cell: TableCell, c) => ({
          type: "tableCell",
          attrs: { align: align[c] ?? null, header: r === 0 },
          content: this.inline(cell.children, []),
        })),
      })),
    };
  }

  /** Phrasing content with the marks of its ancestors (emphasis, strong, strike, link); a mark inside the same mark is one. */
  private inline(nodes: PhrasingContent[], outer: Mark[]): Json[] {
    const add = (mark: Mark) => (outer.some((m) => sameMark(m, mark)) ? outer : [...outer, mark]);
    const marks = outer;
    const out: Json[] = [];
    for (const node of nodes) {
      // Images, breaks and kept Markdown hold their marks themselves (see rich-text-nodes.ts).
      const withMarks = (json: Json): Json => (marks.length ? { ...json, attrs: { ...json.attrs, marks: JSON.stringify(marks) } } : json);
      switch (node.type) {
        case "text":
          if (node.value) out.push(marks.length ? { type: "text", text: node.value, marks } : { type: "text", text: node.value });
          break;
        case "emphasis":
          out.push(...this.inline(node.children, add({ type: "italic" })));
          break;
        case "strong":
          out.push(...this.inline(node.children, add({ type: "bold" })));
          break;
        case "delete":
          out.push(...this.inline(node.children, add({ type: "strike" })));
          break;
        case "link":
          out.push(...this.inline(node.children, add({ type: "link", attrs: { href: node.url, title: node.title ?? null } })));
          break;
        case "inlineCode":
          if (node.value) out.push({ type: "text", text: node.value, marks: add({ type: "code" }) });
          else out.push(withMarks({ type: "rawInline", attrs: { source: sourceOf(node, this.text, true) } }));
          break;
        case "break":
          out.push(withMarks({ type: "hardBreak" }));
          break;
        case "image":
          out.push(withMarks({ type: "inlineImage", attrs: { src: node.url, alt: node.alt ?? null, title: node.title ?? null } }));
          break;
        case "html":
          out.push(withMarks({ type: "rawInline", attrs: { source: node.value } }));
          break;
        default:
          out.push(withMarks({ type: "rawInline", attrs: { source: sourceOf(node, this.text, true) } }));
      }
    }
    return out;
  }
}

function text(value: string): Json[] {
  return value ? [{ type: "text", text: value }] : [];
}

// ——— the editor's JSON → mdast ———

/** Marks from outermost to innermost when two cover the same words (as CommonMark reads `***a***`). */
const MARK_ORDER = ["link", "italic", "bold", "strike", "code"];

/** What makes two marks the same in Markdown (a link's target and title, not the editor's rel/class). */
const markKey = (m: Mark) => (m.type === "link" ? `link ${String(m.attrs?.href ?? "")} ${String(m.attrs?.title ?? "")}` : m.type);
const sameMark = (a: Mark, b: Mark) => markKey(a) === markKey(b);

/** A node's marks: text carries them, images, breaks and kept Markdown hold them as JSON. */
function marksOf(node: Json): Mark[] {
  const own = node.attrs?.marks;
  return typeof own === "string" ? (JSON.parse(own) as Mark[]) : ((node.marks ?? []) as Mark[]);
}
const hasMark = (node: Json, mark: Mark) => marksOf(node).some((m) => sameMark(m, mark));

function textOf(node: Json): string {
  return (node.content ?? []).map((child) => child.text ?? "").join("");
}

export function docToMdast(doc: Json): Root {
  const definitions: string[] = [];
  const collect = (node: Json) => {
    if (node.type === "rawBlock" && (node.attrs?.kind === "definition" || node.attrs?.kind === "footnoteDefinition"))
      definitions.push(textOf(node));
    node.content?.forEach(collect);
  };
  collect(doc);
  const context = definitions.join("\n\n");
  return { type: "root", children: (doc.content ?? []).flatMap((node) => blockToMdast(node, context)) as RootContent[] };
}

/**
 * Kept Markdown read again, with the document's definitions after it so its references still resolve
 * (unless the kept text runs on into them, like an unclosed code fence: then read alone).
 */
function readKept(text: string, context: string): RootContent[] {
  const alone = () => parseMarkdown(text).children;
  if (!context) return alone();
  const nodes = parseMarkdown(`${text}\n\n${context}`).children.filter((node) => (node.position?.start.offset ?? 0) < text.length);
  return nodes.every((node) => (node.position?.end.offset ?? 0) <= text.length) ? nodes : alone();
}

function blockToMdast(node: Json, context: string): RootContent[] {
  const attrs = node.attrs ?? {};
  switch (node.type) {
    case "paragraph": {
      const children = phrasing(trimmed(node.content ?? []), []);
      return [{ type: "paragraph", children } satisfies Paragraph];
    }
    case "heading":
      return [{ type: "heading", depth: attrs.level ?? 1, children: phrasing(trimmed(node.content ?? []), []) } as Heading];
    case "horizontalRule":
      return [{ type: "thematicBreak" }];
    case "blockquote":
      return [{ type: "blockquote", children: (node.content ?? []).flatMap((n) => blockToMdast(n, context)) } as Blockquote];
    case "bulletList":
    case "orderedList":
      return [
        {
          type: "list",
          ordered: node.type === "orderedList",
          start: node.type === "orderedList" ? (attrs.start ?? 1) : null,
          spread: !!attrs.spread,
          children: (node.content ?? []).map(
            (item) =>
              ({
                type: "listItem",
                checked: item.attrs?.checked ?? null,
                spread: !!item.attrs?.spread,
                children: (item.content ?? []).flatMap((n) => blockToMdast(n, context)),
              }) as ListItem,
          ),
        } as List,
      ];
    case "codeBlock":
      return [{ type: "code", lang: attrs.language || null, meta: attrs.meta || null, value: textOf(node) } as Code];
    case "image":
      return [
        { type: "paragraph", children: [{ type: "image", url: attrs.src ?? "", alt: attrs.alt ?? null, title: attrs.title ?? null }] },
      ];
    case "rawBlock":
      // HTML is written as it is; other kept Markdown is read again, so it joins its neighbours as it did.
      if (attrs.kind === "html") return [{ type: "html", value: textOf(node) } satisfies Html];
      // A definition needs no others to be read; anything else may refer to them.
      return readKept(textOf(node), attrs.kind === "definition" || attrs.kind === "footnoteDefinition" ? "" : context);
    case "table":
      return [tableToMdast(node)];
    default:
      return [];
  }
}

function tableToMdast(node: Json): Table {
  const rows = node.content ?? [];
  const align = (rows[0]?.content ?? []).map((cell) => cell.attrs?.align ?? null);
  return {
    type: "table",
    align,
    children: rows.map((row) => ({
      type: "tableRow",
      children: (row.content ?? []).map((cell) => ({ type: "tableCell", children: phrasing(trimmed(cell.content ?? []), []) })),
    })),
  };
}

/**
 * A browser types the space beside a mark boundary as a no-break space; it is the space the writer
 * typed. Space at either end of a block means nothing to a reader and is left out.
 */
function trimmed(nodes: Json[]): Json[] {
  const out = nodes.map((node, i) => {
    if (node.type !== "text" || !node.text) return node;
    let value = node.text;
    if (i > 0) value = value.replace(/^\u00a0/, " ");
    if (i < nodes.length - 1) value = value.replace(/\u00a0$/, " ");
    return { ...node, text: value };
  });
  const edge = (i: number, re: RegExp) => {
    const node = out[i];
    if (node?.type === "text" && !(node.marks ?? []).some((m) => m.type === "code")) out[i] = { ...node, text: node.text!.replace(re, "") };
  };
  edge(0, /^[ \t\u00a0]+/);
  edge(out.length - 1, /[ \t\u00a0]+$/);
  return out.filter((node) => node.type !== "text" || node.text);
}

/**
 * Flat runs of marked text → nested mdast: at each point the mark that runs furthest opens first, so
 * `*a **b** c*` comes back as it was read.
 */
function phrasing(nodes: Json[], open: Mark[]): PhrasingContent[] {
  const out: PhrasingContent[] = [];
  let i = 0;
  while (i < nodes.length) {
    const node = nodes[i];
    const pending = marksOf(node).filter((m) => m.type !== "code" && !open.some((o) => sameMark(o, m)));
    if (pending.length === 0) {
      out.push(leaf(node));
      i += 1;
      continue;
    }
    const reach = (mark: Mark) => {
      let j = i;
      while (j < nodes.length && hasMark(nodes[j], mark)) j += 1;
      return j;
    };
    const next = pending
      .map((mark) => ({ mark, end: reach(mark) }))
      .sort((a, b) => b.end - a.end || MARK_ORDER.indexOf(a.mark.type) - MARK_ORDER.indexOf(b.mark.type))[0];
    const children = phrasing(nodes.slice(i, next.end), [...open, next.mark]);
    out.push(wrap(next.mark, children));
    i = next.end;
  }
  return mergeText(out);
}

function wrap(mark: Mark, children: PhrasingContent[]): PhrasingContent {
  switch (mark.type) {
    case "italic":
      return { type: "emphasis", children };
    case "bold":
      return { type: "strong", children };
    case "strike":
      return { type: "delete", children };
    case "link":
      return { type: "link", url: String(mark.attrs?.href ?? ""), title: (mark.attrs?.title as string | null) ?? null, children };
    default:
      return { type: "emphasis", children };
  }
}

function leaf(node: Json): PhrasingContent {
  const attrs = node.attrs ?? {};
  switch (node.type) {
    case "text":
      return (node.marks ?? []).some((m) => m.type === "code")
        ? { type: "inlineCode", value: node.text ?? "" }
        : { type: "text", value: node.text ?? "" };
    case "hardBreak":
      return { type: "break" };
    case "inlineImage":
    case "image":
      return { type: "image", url: attrs.src ?? "", alt: attrs.alt ?? null, title: attrs.title ?? null };
    case "rawInline": {
      // Only HTML is written as html: the writer turns a line break before html into a space (so it
      // cannot start an HTML block), which would rewrite the break before a footnote reference.
      const source = String(attrs.source ?? "");
      return source.startsWith("<") ? { type: "html", value: source } : ({ type: RAW_SOURCE, value: source } as unknown as PhrasingContent);
    }
    default:
      return { type: "text", value: "" };
  }
}

function mergeText(nodes: PhrasingContent[]): PhrasingContent[] {
  const out: PhrasingContent[] = [];
  for (const node of nodes) {
    const last = out[out.length - 1];
    if (node.type === "text" && last?.type === "text") last.value += node.value;
    else if (node.type !== "text" || node.value) out.push(node);
  }
  return out;
}

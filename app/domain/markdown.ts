// The one renderer for article bodies (Markdown: CommonMark + GFM, read by markdown-syntax.ts). Preview, publish payloads and any
// reader view go through `renderArticle`, so what an editor previews is what a reader gets.
import type { Root as HastRoot } from "hast";
import { toHtml } from "hast-util-to-html";
import type { Nodes, RootContent } from "mdast";
import rehypeSanitize, { defaultSchema } from "rehype-sanitize";
import remarkRehype from "remark-rehype";
import { unified } from "unified";
import { parseMarkdown } from "./markdown-syntax";

// GitHub's schema: no scripts, styles, event handlers or `javascript:` URLs; ids get a prefix so a
// heading cannot clobber the page's own elements.
const schema = {
  ...defaultSchema,
  protocols: { ...defaultSchema.protocols, href: ["http", "https", "mailto"], src: ["http", "https"] },
};

const toHast = unified().use(remarkRehype).use(rehypeSanitize, schema);

/** The article as a sanitised HTML tree (for React) — the single path every view takes. */
export function renderArticle(markdown: string): HastRoot {
  return toHast.runSync(parseMarkdown(markdown)) as HastRoot;
}

/** The article as sanitised HTML, for publish payloads and feeds. */
export function markdownToHtml(markdown: string): string {
  return toHtml(renderArticle(markdown));
}

export interface ReaderText {
  /** One block per paragraph, heading, table cell or code block, separated by blank lines. */
  text: string;
  /** The Markdown offset a reader-text offset came from (where a span starts). */
  toRaw(offset: number): number;
  /** The same for where a span ends: just after the last character it covers, not past the next mark. */
  toRawEnd(offset: number): number;
}

interface Piece {
  /** Where the piece starts in the reader text. */
  at: number;
  /** Where it starts in the Markdown. */
  raw: number;
  length: number;
  /** The piece is the Markdown's characters as they are (not an escape or entity), so offsets map one to one. */
  exact: boolean;
}

const BLOCKS = new Set(["paragraph", "heading", "tableCell", "code"]);

/** Text nodes of an inline tree, in order: images, raw HTML and footnote markers are not read. */
function inlineText(node: Nodes, markdown: string, out: { value: string; raw: number; exact: boolean }[]) {
  if (node.type === "image" || node.type === "imageReference" || node.type === "html" || node.type === "footnoteReference") return;
  if (node.type === "text" || node.type === "inlineCode" || node.type === "code") {
    const start = node.position?.start.offset ?? 0;
    const end = node.position?.end.offset ?? start;
    const source = markdown.slice(start, end);
    const inside = source.indexOf(node.value);
    out.push({ value: node.value, raw: inside >= 0 ? start + inside : start, exact: inside >= 0 });
    return;
  }
  if (node.type === "break") {
    out.push({ value: " ", raw: node.position?.start.offset ?? 0, exact: false });
    return;
  }
  if ("children" in node) for (const child of node.children) inlineText(child as Nodes, markdown, out);
}

/**
 * The words a reader reads (no marks, image syntax, alt text, URLs or raw HTML), with a way back to the
 * Markdown: the score reads this text, and its fixes still point at the writer's own characters.
 */
export function readerText(markdown: string): ReaderText {
  const pieces: Piece[] = [];
  let text = "";
  const visit = (nodes: RootContent[]) => {
    for (const node of nodes) {
      if (BLOCKS.has(node.type)) {
        const parts: { value: string; raw: number; exact: boolean }[] = [];
        inlineText(node, markdown, parts);
        // Line breaks inside a block are spaces to a reader (a soft break does not end a sentence).
        const joined = parts.map((p) => p.value.replace(/\n/g, " ")).join("");
        const lead = joined.length - joined.trimStart().length;
        const block = joined.trim();
        if (!block) continue;
        if (text) text += "\n\n";
        const blockAt = text.length - lead;
        let offset = 0;
        for (const p of parts) {
          pieces.push({ at: blockAt + offset, raw: p.raw, length: p.value.length, exact: p.exact });
          offset += p.value.length;
        }
        text += block;
      } else if ("children" in node) visit(node.children as RootContent[]);
    }
  };
  visit(parseMarkdown(markdown).children);
  return {
    text,
    toRaw(offset) {
      let found: Piece | undefined;
      for (const p of pieces) {
        if (p.at > offset) break;
        found = p;
      }
      if (!found) return 0;
      const inside = Math.min(offset - found.at, found.length);
      return found.exact ? found.raw + inside : found.raw;
    },
    toRawEnd(offset) {
      return offset <= 0 ? 0 : this.toRaw(offset - 1) + 1;
    },
  };
}

/** The words a reader reads, without the marks: word count, readability and reading time count these. */
export function articleText(markdown: string): string {
  return readerText(markdown).text;
}

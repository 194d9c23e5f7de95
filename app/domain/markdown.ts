// The one renderer for article bodies (Markdown: CommonMark + GFM, read by markdown-syntax.ts). Preview, publish payloads and any
// reader view go through `renderArticle`, so what an editor previews is what a reader gets.
import type { Root as HastRoot } from "hast";
import { toHtml } from "hast-util-to-html";
import type { RootContent } from "mdast";
import { toString } from "mdast-util-to-string";
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

const BLOCKS = new Set(["paragraph", "heading", "tableCell", "code"]);

function collectBlocks(nodes: RootContent[], out: string[]) {
  for (const node of nodes) {
    if (BLOCKS.has(node.type)) {
      const text = toString(node).trim();
      if (text) out.push(text);
    } else if ("children" in node) collectBlocks(node.children as RootContent[], out);
  }
}

/**
 * The words a reader reads, without the marks: one block per paragraph, heading, cell or code block,
 * separated by blank lines so a heading without a full stop still ends its sentence.
 */
export function articleText(markdown: string): string {
  const blocks: string[] = [];
  collectBlocks(parseMarkdown(markdown).children, blocks);
  return blocks.join("\n\n");
}

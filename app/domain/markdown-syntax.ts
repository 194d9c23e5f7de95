// The one reading of Markdown (CommonMark + GFM) and its one writing. The renderer (markdown.ts) and
// the editor (rich-text.ts) both read a body through `parseMarkdown`, so what the editor holds is what
// a reader gets; `writeMarkdown` is mdast-util-to-markdown, written to read back as the same tree.
import type { Nodes, Root, RootContent } from "mdast";
import { fromMarkdown } from "mdast-util-from-markdown";
import { gfmFromMarkdown, gfmToMarkdown } from "mdast-util-gfm";
import { toMarkdown, type Options } from "mdast-util-to-markdown";
import { gfm } from "micromark-extension-gfm";

/** Markdown → its syntax tree (what remark-parse with remark-gfm gives). */
export function parseMarkdown(markdown: string): Root {
  return fromMarkdown(markdown, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
}

/** An mdast node holding Markdown the editor keeps as written (not HTML): written back as it is. */
export const RAW_SOURCE = "studioRawSource";

/** How the studio writes Markdown: `-` bullets, `*` emphasis, `**` strong, fenced code, `---` rules. */
const WRITING: Options = {
  extensions: [gfmToMarkdown()],
  bullet: "-",
  emphasis: "*",
  strong: "*",
  rule: "-",
  fences: true,
  listItemIndent: "one",
  handlers: { [RAW_SOURCE]: (node: { value: string }) => node.value } as Options["handlers"],
};

/** A syntax tree (or one node of it) → Markdown. */
export function writeMarkdown(tree: Nodes): string {
  return toMarkdown(tree, WRITING);
}

/** A block as a writer sees it, located in the Markdown it was read from. */
export interface MarkdownBlock {
  kind: "heading" | "code" | "paragraph" | "item" | "quote" | "table" | "html";
  start: number;
  end: number;
}

const BLOCK_KIND: Partial<Record<RootContent["type"], MarkdownBlock["kind"]>> = {
  heading: "heading",
  code: "code",
  paragraph: "paragraph",
  listItem: "item",
  blockquote: "quote",
  table: "table",
  html: "html",
  footnoteDefinition: "paragraph",
};

/**
 * The blocks of a body in order, found by the one reader, so a fence with blank lines inside stays one
 * code block and a list item stays one item however many lines it spans. Each list item is a block (its
 * nested lists inside it); a quote or table is one; rules and link definitions are no block.
 */
export function markdownBlocks(markdown: string, tree: Root = parseMarkdown(markdown)): MarkdownBlock[] {
  const blocks: MarkdownBlock[] = [];
  const visit = (nodes: RootContent[]) => {
    for (const node of nodes) {
      if (node.type === "list") {
        visit(node.children);
        continue;
      }
      const kind = BLOCK_KIND[node.type];
      const start = node.position?.start.offset;
      const end = node.position?.end.offset;
      if (kind && start !== undefined && end !== undefined) blocks.push({ kind, start, end });
    }
  };
  visit(tree.children);
  return blocks;
}

// The one reading of Markdown (CommonMark + GFM) and its one writing. The renderer (markdown.ts) and
// the editor (rich-text.ts) both read a body through `parseMarkdown`, so what the editor holds is what
// a reader gets; `writeMarkdown` is mdast-util-to-markdown, written to read back as the same tree.
import type { Nodes, Root } from "mdast";
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

// The lines a library card shows for an item found by its body: the writer's words around the match, as
// a reader reads them (markdown.ts drops marks, link targets and images, and keeps "snake_case" or "~300").
import { termPattern, type TextPart } from "./body-search";
import { articleText } from "./markdown";
import { markdownBlocks } from "./markdown-syntax";

const MARK = /[*_`~]/g;

/** Whether a paragraph may hold the term once its marks are read: a cheap test before it is parsed. */
const mayHold = (block: string, pattern: RegExp) => pattern.test(block.replace(MARK, "")) || pattern.test(block.replace(MARK, " "));

/**
 * About `radius` characters either side of where the term's words first occur in the body, within their
 * block (as the one reader finds blocks); null when they do not. A body that cannot hold the term is not
 * parsed, and only the blocks that may hold it are read for their words.
 */
export function bodyExcerpt(markdown: string, term: string, radius = 70): TextPart[] | null {
  const pattern = termPattern(term);
  if (!pattern || !mayHold(markdown, pattern)) return null;
  for (const { start, end } of markdownBlocks(markdown)) {
    const block = markdown.slice(start, end);
    if (!mayHold(block, pattern)) continue;
    const text = articleText(block).replace(/\s+/gu, " ").trim();
    const found = pattern.exec(text);
    if (found) return around(text, found, radius);
  }
  return null;
}

function around(text: string, found: RegExpExecArray, radius: number): TextPart[] {
  const from = Math.max(0, found.index - radius);
  const to = Math.min(text.length, found.index + found[0].length + radius);
  const before = (from > 0 ? "…" : "") + text.slice(from, found.index).replace(/^\S*\s/, from > 0 ? "" : "$&");
  const after = text.slice(found.index + found[0].length, to) + (to < text.length ? "…" : "");
  return [
    { text: before, hit: false },
    { text: found[0], hit: true },
    { text: after, hit: false },
  ].filter((p) => p.text !== "");
}

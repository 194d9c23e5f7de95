import { diffArrays, diffWordsWithSpace } from "diff";
import { articleText, markdownToHtml } from "./markdown";
import { markdownBlocks, parseMarkdown } from "./markdown-syntax";

export interface DiffPart {
  kind: "same" | "added" | "removed";
  text: string;
}

/** Unchanged stretches longer than this show only their ends. */
const KEEP = 80;

/** Its first and last words, never a cut word ("innovati … nd it" was). */
function shorten(text: string): string {
  if (text.length <= KEEP * 2 + 10) return text;
  const head = text.slice(0, KEEP).replace(/\S*$/, "");
  const tail = text.slice(-KEEP).replace(/^\S*/, "");
  return head.trim() && tail.trim() ? `${head.trimEnd()} … ${tail.trimStart()}` : text;
}

/** A word-level before/after diff for the writer to review, long unchanged stretches shortened. */
export function proposalDiff(before: string, after: string): DiffPart[] {
  return diffWordsWithSpace(before, after).map((part) => {
    const kind = part.added ? "added" : part.removed ? "removed" : "same";
    return { kind, text: kind === "same" ? shorten(part.value) : part.value };
  });
}

export function diffCounts(parts: DiffPart[]): { added: number; removed: number } {
  const count = (kind: DiffPart["kind"]) =>
    parts.filter((p) => p.kind === kind).reduce((n, p) => n + (p.text.match(/\S+/g)?.length ?? 0), 0);
  return { added: count("added"), removed: count("removed") };
}

/** One row of the paragraph-by-paragraph compare: a paragraph kept, removed, added, or changed (with its word diff). */
export type ParagraphRow =
  | { kind: "same" | "removed" | "added"; text: string; /** The paragraph through the one renderer (decision 023). */ html: string }
  | { kind: "changed"; before: string; after: string; /** The reader's words compared, no marks. */ words: DiffPart[]; block: Block };

/** How a changed paragraph shows: as the heading, quote, list item or paragraph it is. */
export type Block = "h1" | "h2" | "h3" | "h4" | "h5" | "h6" | "blockquote" | "li" | "p";

function blockOf(paragraph: string): Block {
  const first = parseMarkdown(paragraph).children[0];
  if (first?.type === "heading") return `h${first.depth}` as Block;
  if (first?.type === "blockquote") return "blockquote";
  if (first?.type === "list") return "li";
  return "p";
}

const rendered = (kind: "same" | "removed" | "added", text: string): ParagraphRow => ({ kind, text, html: markdownToHtml(text) });

/** The body's blocks as written (paragraphs, headings, list items, code, quotes), found by the one reader. */
export const paragraphsOf = (text: string) => markdownBlocks(text).map(({ start, end }) => text.slice(start, end));

/**
 * Paragraphs aligned before/after: a removed paragraph followed by an added one is a change of that
 * paragraph (its words compared inside it); otherwise whole paragraphs are kept, removed or added, so
 * deleted and new words never interleave across paragraphs.
 */
export function paragraphDiff(before: string, after: string): ParagraphRow[] {
  const rows: ParagraphRow[] = [];
  const parts = diffArrays(paragraphsOf(before), paragraphsOf(after));
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i];
    const next = parts[i + 1];
    if (part.removed && next?.added) {
      const pairs = Math.min(part.value.length, next.value.length);
      for (let j = 0; j < pairs; j++) {
        const words = proposalDiff(part.value[j], next.value[j]);
        // A paragraph rewritten more than it was kept reads better as the old one and the new one.
        if (keptShare(words) < 0.5) rows.push(rendered("removed", part.value[j]), rendered("added", next.value[j]));
        else
          rows.push({
            kind: "changed",
            before: part.value[j],
            after: next.value[j],
            words: proposalDiff(articleText(part.value[j]), articleText(next.value[j])),
            block: blockOf(next.value[j]),
          });
      }
      for (const text of part.value.slice(pairs)) rows.push(rendered("removed", text));
      for (const text of next.value.slice(pairs)) rows.push(rendered("added", text));
      i++;
      continue;
    }
    for (const text of part.value) rows.push(rendered(part.added ? "added" : part.removed ? "removed" : "same", text));
  }
  return rows;
}

/** The share of a paragraph's words (old or new, whichever has more) that stayed. */
function keptShare(parts: DiffPart[]): number {
  const count = (kind: DiffPart["kind"]) =>
    parts.filter((p) => p.kind === kind).reduce((n, p) => n + (p.text.match(/\S+/g)?.length ?? 0), 0);
  const same = count("same");
  return same / Math.max(1, same + Math.max(count("added"), count("removed")));
}

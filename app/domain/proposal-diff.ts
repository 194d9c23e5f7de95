import { diffArrays, diffWordsWithSpace } from "diff";

export interface DiffPart {
  kind: "same" | "added" | "removed";
  text: string;
}

/** Unchanged stretches longer than this show only their ends. */
const KEEP = 80;

function shorten(text: string): string {
  return text.length <= KEEP * 2 + 10 ? text : `${text.slice(0, KEEP)} … ${text.slice(-KEEP)}`;
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
  | { kind: "same"; text: string }
  | { kind: "removed"; text: string }
  | { kind: "added"; text: string }
  | { kind: "changed"; before: string; after: string; words: DiffPart[] };

const paragraphsOf = (text: string) => text.split(/\n[ \t]*\n+/).filter((p) => p.trim());

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
        if (keptShare(words) < 0.5) rows.push({ kind: "removed", text: part.value[j] }, { kind: "added", text: next.value[j] });
        else rows.push({ kind: "changed", before: part.value[j], after: next.value[j], words });
      }
      for (const text of part.value.slice(pairs)) rows.push({ kind: "removed", text });
      for (const text of next.value.slice(pairs)) rows.push({ kind: "added", text });
      i++;
      continue;
    }
    for (const text of part.value) rows.push({ kind: part.added ? "added" : part.removed ? "removed" : "same", text });
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

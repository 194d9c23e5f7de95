import { diffWordsWithSpace } from "diff";

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

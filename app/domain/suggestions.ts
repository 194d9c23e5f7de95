/** What kind of rule found a suggestion; each maps to one prose library or brand rule. */
export type SuggestionKind = "banned" | "repeated" | "simplify" | "intensifier" | "equality" | "passive" | "readability" | "keyword";

/** A located finding: what, where (text[start, end)), why, and the replacement when there is one. */
export interface Suggestion {
  id: string;
  kind: SuggestionKind;
  /** What to do, in one short line. */
  message: string;
  /** Why it matters. */
  why: string;
  start: number;
  end: number;
  /** The text at [start, end) when the suggestion was made. */
  original: string;
  /** Absent when the suggestion is advice only (nothing to apply automatically). */
  replacement?: string;
  /** Safe for AI Enhance to apply without asking (meaning stays the same). */
  safe: boolean;
}

/** Applies a suggestion only if it has a replacement and the text still holds the original at its span. */
export function applySuggestion(text: string, s: Suggestion): string {
  if (s.replacement === undefined) return text;
  if (s.start < 0 || s.end < s.start || text.slice(s.start, s.end) !== s.original) return text;
  return text.slice(0, s.start) + s.replacement + text.slice(s.end);
}

/**
 * The other suggestions after one was applied: later ones shift by the change in length, overlapping
 * ones are dropped (the next check finds them again), so the list stays usable until it refreshes.
 */
export function rebaseSuggestions(list: Suggestion[], applied: Suggestion): Suggestion[] {
  if (applied.replacement === undefined) return list;
  const delta = applied.replacement.length - (applied.end - applied.start);
  return list.flatMap((s) => {
    if (s.id === applied.id) return [];
    if (s.end <= applied.start) return [s];
    if (s.start >= applied.end) return [{ ...s, start: s.start + delta, end: s.end + delta }];
    return [];
  });
}

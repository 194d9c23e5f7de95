import type { Suggestion, SuggestionKind } from "../suggestions";
import { brandSuggestions } from "./brand-rules";
import { proseSuggestions } from "./prose-rules";
import type { BrandVoice } from "./types";

/** When two rules flag the same words, the first kind here wins. */
const PRIORITY: SuggestionKind[] = ["banned", "repeated", "simplify", "intensifier", "equality", "passive", "readability"];

/** The most suggestions one call returns; a long text's later findings come after the writer fixes these. */
export const MAX_SUGGESTIONS = 100;

const overlaps = (a: Suggestion, b: Suggestion) => a.start < b.end && b.start < a.end;

/**
 * Located suggestions in text order. A sentence-long readability note may contain word-level findings;
 * otherwise overlapping findings keep only the higher-priority one, so each span has one clear fix.
 */
export function suggestLocal(text: string, voice: BrandVoice): Suggestion[] {
  const all = [...brandSuggestions(text, voice), ...proseSuggestions(text)].sort(
    (a, b) => PRIORITY.indexOf(a.kind) - PRIORITY.indexOf(b.kind) || a.start - b.start,
  );
  const kept: Suggestion[] = [];
  for (const s of all) {
    const clash = s.kind !== "readability" && kept.some((k) => k.kind !== "readability" && overlaps(k, s));
    if (!clash) kept.push(s);
  }
  return kept.sort((a, b) => a.start - b.start || PRIORITY.indexOf(a.kind) - PRIORITY.indexOf(b.kind)).slice(0, MAX_SUGGESTIONS);
}

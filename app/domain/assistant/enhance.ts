import { applySuggestion, type Suggestion } from "../suggestions";
import { scoreLocal } from "./score";
import { suggestLocal } from "./suggest";
import type { BrandVoice, ScoreFix } from "./types";

export interface LocalEnhancement {
  text: string;
  /** The safe changes made, in the order applied. */
  applied: Suggestion[];
  /** One-click changes it could not make safely (missing keywords, passive rewrites, sentences to cut), in the new text. */
  suggestions: Suggestion[];
  /** What still holds a part of the score below the threshold, pointing at the place (never empty while one is). */
  remaining: ScoreFix[];
}

/** Applies non-overlapping safe suggestions, last first so earlier spans stay valid. */
function applySafe(text: string, safe: Suggestion[]): { text: string; applied: Suggestion[] } {
  const applied: Suggestion[] = [];
  let out = text;
  let floor = Number.POSITIVE_INFINITY;
  for (const s of [...safe].sort((a, b) => a.start - b.start).reverse()) {
    if (s.end > floor) continue;
    const next = applySuggestion(out, s);
    if (next === out) continue;
    out = next;
    applied.unshift(s);
    floor = s.start;
  }
  return { text: out, applied };
}

/**
 * The built-in rewrite: every safe change (plain words, repeated words, fillers, banned terms with a
 * plain alternative, long sentences split at a clear boundary). Word-level fixes go first, then the
 * text is checked again for the sentence splits they were nested in. Deterministic.
 */
export function enhanceLocal(text: string, voice: BrandVoice): LocalEnhancement {
  let out = text;
  const applied: Suggestion[] = [];
  for (let pass = 0; pass < 4; pass++) {
    const safe = suggestLocal(out, voice).filter((s) => s.safe);
    const words = safe.filter((s) => s.kind !== "readability");
    const result = applySafe(out, words.length ? words : safe);
    if (result.applied.length === 0) break;
    out = result.text;
    applied.push(...result.applied);
  }
  const suggestions = suggestLocal(out, voice).filter((s) => !s.safe);
  const score = scoreLocal(out, voice);
  const remaining = score.parts.filter((p) => p.score < voice.threshold).flatMap((p) => p.fixes);
  return { text: out, applied, suggestions, remaining };
}

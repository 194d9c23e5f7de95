import { applySuggestion, type Suggestion } from "../suggestions";
import { suggestLocal } from "./suggest";
import type { BrandVoice } from "./types";

/**
 * The built-in rewrite: applies every safe suggestion (plain words, repeated words, fillers, banned hype
 * words with a plain alternative), last first so earlier spans stay valid. Deterministic.
 */
export function enhanceLocal(text: string, voice: BrandVoice): { text: string; applied: Suggestion[] } {
  const safe = suggestLocal(text, voice).filter((s) => s.safe);
  const applied: Suggestion[] = [];
  let out = text;
  let floor = Number.POSITIVE_INFINITY;
  for (const s of [...safe].reverse()) {
    if (s.end > floor) continue;
    out = applySuggestion(out, s);
    applied.unshift(s);
    floor = s.start;
  }
  return { text: out, applied };
}

import type { Suggestion } from "../suggestions";
import { readGuidelines } from "./guidelines";
import { toSuggestion } from "./span";
import type { BrandVoice } from "./types";

/** Plain alternatives for common hype words; a banned term without one is flagged as advice only. */
const PLAIN: Record<string, string> = {
  revolutionary: "new",
  "game-changing": "significant",
  "game changer": "big step",
  "cutting-edge": "modern",
  "best-in-class": "leading",
  "world-class": "strong",
  disruptive: "new",
  synergy: "cooperation",
  leverage: "use",
  seamless: "smooth",
  "next-generation": "new",
};

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Every place a term occurs as a whole word or phrase (case-insensitive; hyphen, space alike). */
export function findTerm(text: string, term: string): { start: number; end: number }[] {
  const pattern = term
    .split(/[\s-]+/)
    .map(escape)
    .join("[\\s-]+");
  const found: { start: number; end: number }[] = [];
  for (const m of text.matchAll(new RegExp(`(?<![\\p{L}\\p{N}])${pattern}(?![\\p{L}\\p{N}])`, "giu"))) {
    found.push({ start: m.index ?? 0, end: (m.index ?? 0) + m[0].length });
  }
  return found;
}

/** Banned terms from Content Guidelines, located. */
export function brandSuggestions(text: string, voice: BrandVoice): Suggestion[] {
  const { banned } = readGuidelines(voice.guidelines);
  return banned.flatMap((term) =>
    findTerm(text, term).map((at) =>
      toSuggestion(text, {
        kind: "banned",
        ...at,
        message: PLAIN[term]
          ? `Replace “${text.slice(at.start, at.end)}” with “${PLAIN[term]}”`
          : `Remove or rephrase “${text.slice(at.start, at.end)}”`,
        why: `Content Guidelines ask to avoid “${term}”.`,
        ...(PLAIN[term] ? { replacement: PLAIN[term] } : {}),
        safe: !!PLAIN[term],
      }),
    ),
  );
}

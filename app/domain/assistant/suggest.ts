import type { Suggestion, SuggestionKind } from "../suggestions";
import { words } from "../text-stats";
import { brandSuggestions, findTerm } from "./brand-rules";
import { CLAIM_TERMS } from "./claims";
import { readGuidelines } from "./guidelines";
import { placeForKeyword } from "./keyword-places";
import { activeSentence } from "./passive-rewrite";
import { opening, placeOf, sentencesOf, type Sentence } from "./places";
import { proseSuggestions } from "./prose-rules";
import { DEFAULT_SENTENCE_WORDS } from "./sentence-limit";
import { splitSentence } from "./split-sentences";
import type { BrandVoice } from "./types";

/** When two rules flag the same words, the first kind here wins. */
const PRIORITY: SuggestionKind[] = ["banned", "repeated", "simplify", "intensifier", "equality", "readability", "passive", "keyword"];
/** Kinds whose span is a whole sentence (or an insertion point): they may contain word-level findings. */
const WIDE = new Set<SuggestionKind>(["readability", "keyword", "passive"]);

/** The most suggestions one call returns; a long text's later findings come after the writer fixes these. */
export const MAX_SUGGESTIONS = 100;

const overlaps = (a: Suggestion, b: Suggestion) => a.start < b.end && b.start < a.end;

/** Sentences over the guidelines' limit (or the built-in one): split at a clear boundary, or advice to cut. */
function longSentences(text: string, sentences: Sentence[], limit: number, fromGuidelines: boolean): Suggestion[] {
  return sentences
    .filter((s) => s.words > limit)
    .map((s) => {
      const split = splitSentence(s.text);
      return {
        id: `readability-${s.start}-${s.end}`,
        kind: "readability" as const,
        message: split ? `Split this ${s.words}-word sentence at “${split.at}”` : `Cut this ${s.words}-word sentence into two`,
        why: `${fromGuidelines ? "The Content Guidelines ask for" : "Readers follow"} sentences of at most ${limit} words.`,
        start: s.start,
        end: s.end,
        original: s.text,
        ...(split ? { replacement: split.text } : {}),
        safe: !!split,
      };
    });
}

/** Passive findings become a rewrite of their sentence when the doer is named; otherwise advice. */
function passiveRewrites(text: string, found: Suggestion[], sentences: Sentence[]): Suggestion[] {
  return found.map((p) => {
    const sentence = sentences.find((s) => p.start >= s.start && p.end <= s.end);
    const rewritten = sentence ? activeSentence(sentence.text) : null;
    if (!sentence || !rewritten) return { ...p, message: `Say who does it: “${p.original}” is passive` };
    return {
      ...p,
      id: `passive-${sentence.start}-${sentence.end}`,
      message: `Rewrite in the active voice: “${opening(rewritten, 8)}”`,
      start: sentence.start,
      end: sentence.end,
      original: sentence.text,
      replacement: rewritten,
      safe: false,
    };
  });
}

/**
 * A missing brand keyword is a note: where it could fit and why. Nothing to apply: the writer writes the
 * sentence, and only where the text can show it (a claim without a figure earns nothing, decision 038).
 */
function keywordNotes(text: string, voice: BrandVoice): Suggestion[] {
  return voice.keywords
    .filter((k) => findTerm(text, k).length === 0)
    .map((k) => {
      const place = placeForKeyword(text, k);
      const where = place.paragraph ? placeOf(text, place.at) : "the text";
      const claim = CLAIM_TERMS.includes(k.toLowerCase());
      return {
        id: `keyword-${k}`,
        kind: "keyword" as const,
        message: `“${k}” could fit in ${where}${place.because ? `: it talks about ${place.because}` : ""}`,
        why: `“${k}” is a brand keyword from Settings.${claim ? " Use it where a figure or a source in the same sentence shows it; on its own it is a claim the reader cannot check, and it earns nothing." : " Use it where it is true of what the paragraph says."}`,
        start: place.at,
        end: place.at,
        original: "",
        safe: false,
      };
    });
}

/**
 * Located suggestions in text order. Sentence-wide ones (long sentences, passive rewrites) may contain
 * word-level findings; otherwise overlapping findings keep only the higher-priority one, so each span
 * has one clear fix.
 */
export function suggestLocal(text: string, voice: BrandVoice): Suggestion[] {
  // Nothing written, nothing to suggest (not even a keyword "at the end").
  if (words(text).length === 0) return [];
  const rules = readGuidelines(voice.guidelines);
  const sentences = sentencesOf(text);
  const prose = proseSuggestions(text).filter((s) => s.kind !== "readability");
  const limit = rules.maxSentenceWords ?? DEFAULT_SENTENCE_WORDS;
  const all = [
    ...brandSuggestions(text, voice),
    ...prose.filter((s) => s.kind !== "passive"),
    ...passiveRewrites(
      text,
      prose.filter((s) => s.kind === "passive"),
      sentences,
    ),
    ...longSentences(text, sentences, limit, rules.maxSentenceWords !== null),
    ...keywordNotes(text, voice),
  ].sort((a, b) => PRIORITY.indexOf(a.kind) - PRIORITY.indexOf(b.kind) || a.start - b.start);
  const kept: Suggestion[] = [];
  for (const s of all) {
    const clash = kept.some((k) => overlaps(k, s) && (WIDE.has(k.kind) === WIDE.has(s.kind) || k.id === s.id));
    if (!clash) kept.push(s);
  }
  return kept.sort((a, b) => a.start - b.start || PRIORITY.indexOf(a.kind) - PRIORITY.indexOf(b.kind)).slice(0, MAX_SUGGESTIONS);
}

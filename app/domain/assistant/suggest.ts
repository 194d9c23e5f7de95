import type { Suggestion, SuggestionKind } from "../suggestions";
import { brandSuggestions, findTerm } from "./brand-rules";
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
const upperFirst = (s: string) => (s ? s[0].toUpperCase() + s.slice(1) : s);

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

/** A missing brand keyword, offered as a sentence to add where the text already talks about it. */
function keywordInsertions(text: string, voice: BrandVoice): Suggestion[] {
  return voice.keywords
    .filter((k) => findTerm(text, k).length === 0)
    .map((k) => {
      const place = placeForKeyword(text, k, voice.tone.id);
      const before = text.slice(0, place.at).trimEnd();
      const stop = before && !/[.!?:]$/.test(before) ? "." : "";
      const replacement = place.paragraph ? `${stop} ${place.sentence}` : `${text.trim() ? "\n\n" : ""}${place.sentence}`;
      const at = place.paragraph ? before.length : text.length;
      return {
        id: `keyword-${k}`,
        kind: "keyword" as const,
        message: `Add “${k}” to ${place.paragraph ? placeOf(text, at) : "the end"}${place.because ? ` (it talks about ${place.because})` : ""}`,
        why: `“${k}” is a brand keyword from Settings: ${upperFirst(place.sentence)}`,
        start: at,
        end: place.paragraph ? place.at : text.length,
        original: text.slice(at, place.paragraph ? place.at : text.length),
        replacement: replacement + (place.paragraph ? "" : ""),
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
    ...keywordInsertions(text, voice),
  ].sort((a, b) => PRIORITY.indexOf(a.kind) - PRIORITY.indexOf(b.kind) || a.start - b.start);
  const kept: Suggestion[] = [];
  for (const s of all) {
    const clash = kept.some((k) => overlaps(k, s) && (WIDE.has(k.kind) === WIDE.has(s.kind) || k.id === s.id));
    if (!clash) kept.push(s);
  }
  return kept.sort((a, b) => a.start - b.start || PRIORITY.indexOf(a.kind) - PRIORITY.indexOf(b.kind)).slice(0, MAX_SUGGESTIONS);
}

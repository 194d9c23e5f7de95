// What the score refuses to reward: praise the studio cannot check, sentences repeated as boilerplate,
// and brand keywords packed in past a density limit. Pure: it reads the reader's text (decision 038).
import { words } from "../text-stats";
import { findTerm } from "./brand-rules";
import { sentencesOf, type Sentence } from "./places";

/**
 * Words that claim a quality nobody can check from the text itself. A sentence using one with no figure
 * in it (a number the reader can check) is an unverifiable claim: it earns nothing.
 */
export const CLAIM_TERMS = [
  "authentic",
  "data-driven",
  "proven",
  "innovative",
  "customer-first",
  "customer-centric",
  "world-class",
  "best-in-class",
  "cutting-edge",
  "industry-leading",
  "market-leading",
  "trusted",
  "revolutionary",
  "game-changing",
  "unmatched",
  "unrivalled",
  "unrivaled",
  "unparalleled",
  "guaranteed",
  "state-of-the-art",
  "next-generation",
  "award-winning",
  "effortless",
];

/** A sentence holds something a reader can check: a figure. */
const FIGURE = /\p{N}/u;

/** Sentences this long or longer count as boilerplate when they appear again. */
const BOILERPLATE_WORDS = 4;

/** How many times a brand keyword may appear per 100 words a reader reads (at least once in any text). */
export const KEYWORD_DENSITY = 1;

export interface Unearned {
  /** Sentences that claim a quality without a figure: they earn nothing. */
  claims: (Sentence & { term: string })[];
  /** Second and later copies of the same sentence. */
  repeats: Sentence[];
  /** The text that earns points: the reader's text with those sentences blanked (offsets kept). */
  earning: string;
}

const normal = (s: string) => words(s.toLowerCase()).join(" ");

/** The sentences that cannot earn points, and the text that can. */
export function unearned(text: string, banned: string[] = []): Unearned {
  // A term the guidelines ban is a violation already (with a plain alternative to apply), not a claim.
  const terms = CLAIM_TERMS.filter((t) => !banned.some((b) => b.toLowerCase() === t));
  const claims: Unearned["claims"] = [];
  const repeats: Sentence[] = [];
  const seen = new Set<string>();
  for (const sentence of sentencesOf(text)) {
    const key = normal(sentence.text);
    if (sentence.words >= BOILERPLATE_WORDS && seen.has(key)) {
      repeats.push(sentence);
      continue;
    }
    seen.add(key);
    if (FIGURE.test(sentence.text)) continue;
    // The claim word the sentence uses first names it.
    const used = terms.map((t) => ({ t, at: findTerm(sentence.text, t)[0]?.start ?? Infinity })).sort((a, b) => a.at - b.at)[0];
    if (used && used.at < Infinity) claims.push({ ...sentence, term: used.t });
  }
  let earning = text;
  for (const s of [...claims, ...repeats]) earning = earning.slice(0, s.start) + " ".repeat(s.end - s.start) + earning.slice(s.end);
  return { claims, repeats, earning };
}

/** Brand-keyword uses past the density limit, over the whole text (claims and repeats included). */
export function keywordExcess(
  text: string,
  earningWords: number,
  keywords: string[],
): { keyword: string; count: number; excess: number }[] {
  const allowed = Math.max(1, Math.floor((earningWords * KEYWORD_DENSITY) / 100));
  return keywords
    .map((keyword) => {
      const count = findTerm(text, keyword).length;
      return { keyword, count, excess: Math.max(0, count - allowed) };
    })
    .filter((k) => k.excess > 0);
}

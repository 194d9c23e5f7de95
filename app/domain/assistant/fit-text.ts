import { graphemesOf, wordsOf } from "./segments";

const ELLIPSIS = "…";

/** Where a cut may fall: after a word that whitespace ends (or the text's end). */
function spaceCuts(text: string): number[] {
  const cuts: number[] = [];
  for (const m of text.matchAll(/\S(?=\s)/gu)) cuts.push(m.index! + m[0].length);
  return cuts;
}

/** For scripts written without spaces (Chinese, Japanese, Thai…): Unicode word boundaries. */
function wordCuts(text: string): number[] {
  return [...wordsOf(text)].map((s) => s.index + s.segment.length).filter((i) => i < text.length);
}

/** The last resort for one endless token: whole graphemes, so an emoji or accent is never split. */
function graphemeCuts(text: string): number[] {
  return [...graphemesOf(text)].map((s) => s.index + s.segment.length).filter((i) => i < text.length);
}

const withEllipsis = (text: string, cut: number) => text.slice(0, cut).replace(/[\s,;:–—-]+$/u, "") + ELLIPSIS;

/**
 * The candidate at the largest cut that fits. Gallops from the start (1, 2, 4… cuts) and then
 * bisects, so the work follows the length that fits, not the text's: a 1 MB body costs little more.
 */
function longestFitting(text: string, cuts: number[], fits: (candidate: string) => boolean): string | null {
  const at = (i: number) => {
    const candidate = withEllipsis(text, cuts[i]);
    return candidate.length > 1 && fits(candidate) ? candidate : null;
  };
  let best = cuts.length > 0 ? at(0) : null;
  if (best === null) return null;
  let lo = 0; // fits
  let hi = 1; // first probe past lo
  while (hi < cuts.length) {
    const candidate = at(hi);
    if (candidate === null) break;
    best = candidate;
    lo = hi;
    hi = hi * 2;
  }
  hi = Math.min(hi, cuts.length) - 1; // the answer lies in (lo, hi]
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    const candidate = at(mid);
    if (candidate !== null) {
      best = candidate;
      lo = mid;
    } else hi = mid - 1;
  }
  return best;
}

/**
 * The whole text when it fits, else its longest prefix ending on a word boundary plus "…" that
 * fits, else "" (nothing fits). Falls back to Unicode word boundaries, then graphemes, only when
 * no space-separated prefix fits.
 */
export function truncateToFit(text: string, fits: (candidate: string) => boolean): string {
  if (fits(text)) return text;
  const best = longestFitting(text, spaceCuts(text), fits);
  if (best !== null) return best;
  // Segmenting is slow on long text, and a caption never needs more than the opening of one token.
  const head = text.slice(0, FALLBACK_SCAN);
  for (const cuts of [wordCuts, graphemeCuts]) {
    const found = longestFitting(text, cuts(head), fits);
    if (found !== null) return found;
  }
  return "";
}

/** How far into a text without spaces the word and grapheme fallbacks look for a cut. */
export const FALLBACK_SCAN = 8000;

export { ELLIPSIS };

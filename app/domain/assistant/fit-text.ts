const ELLIPSIS = "…";
const wordSegmenter = new Intl.Segmenter("en", { granularity: "word" });
const graphemeSegmenter = new Intl.Segmenter("en", { granularity: "grapheme" });

/** Where a cut may fall: after a word that whitespace ends (or the text's end). */
function spaceCuts(text: string): number[] {
  const cuts: number[] = [];
  for (const m of text.matchAll(/\S(?=\s)/gu)) cuts.push(m.index! + m[0].length);
  return cuts;
}

/** For scripts written without spaces (Chinese, Japanese, Thai…): Unicode word boundaries. */
function wordCuts(text: string): number[] {
  return [...wordSegmenter.segment(text)].map((s) => s.index + s.segment.length).filter((i) => i < text.length);
}

/** The last resort for one endless token: whole graphemes, so an emoji or accent is never split. */
function graphemeCuts(text: string): number[] {
  return [...graphemeSegmenter.segment(text)].map((s) => s.index + s.segment.length).filter((i) => i < text.length);
}

const withEllipsis = (text: string, cut: number) => text.slice(0, cut).replace(/[\s,;:–—-]+$/u, "") + ELLIPSIS;

/** The candidate at the largest cut that fits, by binary search (length grows with the cut). */
function longestFitting(text: string, cuts: number[], fits: (candidate: string) => boolean): string | null {
  let lo = 0;
  let hi = cuts.length - 1;
  let best: string | null = null;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const candidate = withEllipsis(text, cuts[mid]);
    if (candidate.length > 1 && fits(candidate)) {
      best = candidate;
      lo = mid + 1;
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
  for (const cuts of [spaceCuts, wordCuts, graphemeCuts]) {
    const best = longestFitting(text, cuts(text), fits);
    if (best !== null) return best;
  }
  return "";
}

export { ELLIPSIS };

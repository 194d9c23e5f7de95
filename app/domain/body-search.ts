/**
 * Body text search (decision 018): words, not trigrams. Titles and tags keep their exact-substring
 * search; the body adds items whose text has the term's words, shown after the title and tag matches.
 */
export const BODY_SEARCH_MIN_CHARACTERS = 3;
const WORD = /[\p{L}\p{N}]+/gu;

/**
 * The FTS5 query for a term: its words as one phrase, the last word as a prefix when it has 2+
 * characters (the index keeps 2- and 3-character prefixes; a 1-character prefix such as the "s" of
 * "Analyst's" would merge the lists of every word starting with it). Null: no body search.
 */
export function bodyMatchQuery(term: string): string | null {
  if ([...term].length < BODY_SEARCH_MIN_CHARACTERS) return null;
  const words = term.match(WORD);
  if (!words) return null;
  const prefix = [...words.at(-1)!].length >= 2 ? "*" : "";
  return `"${words.join(" ")}"${prefix}`; // words hold no quotes, so the phrase needs no escaping
}

export interface TextPart {
  text: string;
  hit: boolean;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Where a term's words occur in text (case-insensitive, any punctuation between words). */
function termPattern(term: string): RegExp | null {
  const words = term.match(WORD);
  if (!words) return null;
  return new RegExp(words.map(escapeRegExp).join("[^\\p{L}\\p{N}]+"), "iu");
}

/** Text split around the first place the term occurs, for marking it up; one plain part when absent. */
export function highlightParts(text: string, term: string): TextPart[] {
  const exact = term ? text.toLowerCase().indexOf(term.toLowerCase()) : -1;
  let start = exact;
  let length = term.length;
  if (exact < 0) {
    const found = termPattern(term)?.exec(text);
    if (!found) return [{ text, hit: false }];
    start = found.index;
    length = found[0].length;
  }
  return [
    { text: text.slice(0, start), hit: false },
    { text: text.slice(start, start + length), hit: true },
    { text: text.slice(start + length), hit: false },
  ].filter((p) => p.text !== "");
}

/** Markdown reduced to readable text for an excerpt: no heading marks, emphasis, link targets or images. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/!\[[^\]]*\]\([^)]*\)/g, " ")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+\.)\s+/gm, "")
    .replace(/[*_`~]+/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** About `radius` characters either side of where the term's words occur in the body; null when they do not. */
export function bodyExcerpt(markdown: string, term: string, radius = 70): TextPart[] | null {
  const text = plainText(markdown);
  const found = termPattern(term)?.exec(text);
  if (!found) return null;
  const from = Math.max(0, found.index - radius);
  const to = Math.min(text.length, found.index + found[0].length + radius);
  const before = (from > 0 ? "…" : "") + text.slice(from, found.index).replace(/^\S*\s/, from > 0 ? "" : "$&");
  const after = text.slice(found.index + found[0].length, to) + (to < text.length ? "…" : "");
  return [
    { text: before, hit: false },
    { text: found[0], hit: true },
    { text: after, hit: false },
  ].filter((p) => p.text !== "");
}

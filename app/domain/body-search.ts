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

/**
 * The last word of a body query's prefix when the index's own word list can spell it out: ASCII
 * letters and digits, 4 or more (the index keeps 2- and 3-character prefixes itself; other letters are
 * folded by the index's own rules). Lower-cased, as the index keeps its words. Null: keep the prefix.
 */
export function prefixToSpellOut(term: string): string | null {
  const query = bodyMatchQuery(term);
  const last = term.match(WORD)?.at(-1);
  if (!query?.endsWith("*") || !last || !/^[A-Za-z0-9]{4,}$/.test(last)) return null;
  return last.toLowerCase();
}

/** bodyMatchQuery with its prefix spelled out: the phrase ending in the word itself or in each longer word. */
export function spelledOutQuery(term: string, longer: string[]): string {
  const words = term.match(WORD)!;
  const phrase = (last: string) => `"${[...words.slice(0, -1), last].join(" ")}"`;
  return [words.at(-1)!, ...longer].map(phrase).join(" OR ");
}

export interface TextPart {
  text: string;
  hit: boolean;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Where a term's words occur in text (case-insensitive, any punctuation between words). */
export function termPattern(term: string): RegExp | null {
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

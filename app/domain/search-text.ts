/**
 * Search terms for the library. The full-text index folds case into trigrams, so a term of 3+
 * characters is one index lookup; a 1–2 character term is expanded into the indexed trigrams that
 * start with it. When matches are common, walking the sort order and checking each item's text
 * finds a page sooner than sorting every match.
 */
export const TRIGRAM_LENGTH = 3;
/** From this share of items matching, counting a 1–2 character term by scanning beats the index. */
export const DENSE_SHARE = 0.2;
const MAX_SCAN_VARIANTS = 16;
const LAST_CODE_POINT = String.fromCodePoint(0x10ffff);

/** Unicode NFC, control characters dropped, runs of whitespace made one space, trimmed. */
export function normalizeSearch(raw: string): string {
  return raw
    .normalize("NFC")
    .replace(/\p{Cc}/gu, " ")
    .replace(/\s+/gu, " ")
    .trim();
}

export function characterCount(term: string): number {
  return [...term].length;
}

export function usesTrigramIndex(term: string): boolean {
  return characterCount(term) >= TRIGRAM_LENGTH;
}

/** An FTS5 phrase that matches the text literally: inside double quotes only `"` is special. */
export function ftsPhrase(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
}

const singleCharacter = (s: string) => characterCount(s) === 1;

/** Lower case per character, keeping one character per character as the index's folding does ("İ" stays). */
export function foldCase(term: string): string {
  return [...term].map((ch) => (singleCharacter(ch.toLowerCase()) ? ch.toLowerCase() : ch)).join("");
}

/** The indexed trigrams a short term starts: every term between these two bounds. */
export function trigramRange(term: string): [string, string] {
  const folded = foldCase(term);
  return [folded, folded + LAST_CODE_POINT.repeat(Math.max(0, TRIGRAM_LENGTH - characterCount(folded)))];
}

/**
 * The spellings to look for in text whose ASCII letters are already lower case: ASCII letters
 * lowered, other letters in each single-character case ("Üx" → ["üx", "Üx"]). Null when a long
 * non-ASCII term would need too many.
 */
export function scanVariants(term: string): string[] | null {
  let variants = [""];
  for (const ch of term) {
    const forms = ch <= "\u007f" ? [ch.toLowerCase()] : [...new Set([ch, ch.toLowerCase(), ch.toUpperCase()])].filter(singleCharacter);
    variants = variants.flatMap((prefix) => forms.map((f) => prefix + f));
    if (variants.length > MAX_SCAN_VARIANTS) return null;
  }
  return variants;
}

/**
 * Whether walking the sort order (checking each item) reaches the page sooner than sorting all
 * `matches`: the walk expects to read (offset + limit) / share items, and reading one costs about
 * what finding and sorting one match does (measured with scripts/bench-library.ts).
 */
export function walkReachesPageSooner({
  share,
  matches,
  offset,
  limit,
}: {
  share: number;
  matches: number;
  offset: number;
  limit: number;
}): boolean {
  if (share <= 0 || limit < 0) return false;
  return (offset + limit) / share < matches;
}

/**
 * The whole of a count stopped at `counted`, from how far it reached: ids in id order, spread over
 * 1…items, so `counted` ids up to `reach` suggest counted × items ÷ reach in all (never fewer than counted).
 */
export function estimateFromReach(counted: number, reach: number, items: number): number {
  if (reach <= 0) return counted;
  return Math.max(counted, Math.round((counted * Math.max(items, reach)) / reach));
}

/**
 * How many items a walk of the sort order reads before it gives up: four times what the matches'
 * share predicts, never fewer than the page's end, never more than there are.
 */
export function walkBudget({ offset, limit, items, matches }: { offset: number; limit: number; items: number; matches: number }): number {
  const predicted = ((offset + limit) * items) / Math.max(1, matches);
  return Math.min(items, Math.max(offset + limit, Math.ceil(4 * predicted)));
}

const MONTH_TOKEN_BASE = 62000;
const MONTH_TOKEN_LAST = 63700;

/**
 * The token of a stored date's month in the full-text indexes' filter column (migration
 * library_body_months writes the same in SQL): one private-use character per month since 2000.
 */
export function monthToken(storedDate: string): string {
  const months = (Number(storedDate.slice(0, 4)) - 2000) * 12 + Number(storedDate.slice(5, 7)) - 1;
  return String.fromCharCode(Math.max(MONTH_TOKEN_BASE, Math.min(MONTH_TOKEN_LAST, MONTH_TOKEN_BASE + months)));
}

/** Every month's token from the month of `from` to the month of `to`, both stored dates, oldest first. */
export function monthTokensBetween(from: string, to: string): string[] {
  const first = monthToken(from).charCodeAt(0);
  const last = monthToken(to).charCodeAt(0);
  return Array.from({ length: Math.max(0, last - first + 1) }, (_, i) => String.fromCharCode(first + i));
}

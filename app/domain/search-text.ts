/**
 * Search terms for the library. The full-text index folds case into trigrams, so a term of 3+
 * characters is one index lookup; a 1–2 character term is expanded into the indexed trigrams that
 * start with it. When most items match, scanning in sort order is cheaper than either.
 */
export const TRIGRAM_LENGTH = 3;
/** Above this share of sampled items matching, the scan plan wins (it stops after one page). */
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

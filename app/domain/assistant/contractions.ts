/**
 * Contractions in prose: "don't", "we're", "it's". A possessive ("Acme's", "the team's") is not one,
 * and neither is anything inside quotation marks (someone else's words) or code.
 */
const PRONOUN_S = new Set([
  "it",
  "that",
  "there",
  "here",
  "what",
  "who",
  "where",
  "how",
  "he",
  "she",
  "let",
  "when",
  "why",
  "everyone",
  "nobody",
  "someone",
  "something",
  "everything",
  "nothing",
]);

/** Replaces code and quoted passages with spaces, so offsets stay valid and their words are not counted. */
export function maskQuotesAndCode(text: string): string {
  const blank = (s: string) => s.replace(/[^\n]/g, " ");
  return text
    .replace(/```[\s\S]*?(?:```|$)/g, blank)
    .replace(/`[^`\n]*`/g, blank)
    .replace(/“[^”\n]*”/g, blank)
    .replace(/"[^"\n]*"/g, blank)
    .replace(/(^|[\s(])‘[^’\n]*’(?=[\s.,;:!?)]|$)/gm, (m, lead: string) => lead + blank(m.slice(lead.length)));
}

export interface Contraction {
  start: number;
  end: number;
  word: string;
}

export function findContractions(text: string): Contraction[] {
  const masked = maskQuotesAndCode(text);
  const found: Contraction[] = [];
  for (const m of masked.matchAll(/([\p{L}]+)['’]([\p{L}]+)/gu)) {
    const [word, base, tail] = [m[0], m[1].toLowerCase(), m[2].toLowerCase()];
    const isContraction =
      (tail === "t" && base.endsWith("n")) || ["re", "ve", "ll", "m", "d"].includes(tail) || (tail === "s" && PRONOUN_S.has(base));
    if (isContraction) found.push({ start: m.index ?? 0, end: (m.index ?? 0) + word.length, word });
  }
  return found;
}

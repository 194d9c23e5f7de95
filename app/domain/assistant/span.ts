import type { Suggestion, SuggestionKind } from "../suggestions";

interface Finding {
  kind: SuggestionKind;
  start: number;
  end: number;
  message: string;
  why: string;
  replacement?: string;
  safe: boolean;
}

const upperFirst = (s: string) => (s ? s[0].toUpperCase() + s.slice(1) : s);
const isUpper = (c: string | undefined) => !!c && c !== c.toLowerCase() && c === c.toUpperCase();

/**
 * Turns a finding into a suggestion whose span covers everything Apply must change: a removal also takes
 * one neighbouring space, and at a sentence start it carries the next word's capital, so Apply never
 * has to touch text outside the span.
 */
export function toSuggestion(text: string, f: Finding): Suggestion {
  let { start, end } = f;
  let replacement = f.replacement;
  const original = text.slice(start, end);
  if (replacement !== undefined && replacement !== "" && isUpper(original[0])) replacement = upperFirst(replacement);
  if (replacement === "") {
    if (text[end] === " ") end += 1;
    else if (text[start - 1] === " ") start -= 1;
    const next = text[end];
    if (isUpper(original[0]) && next && /\p{Ll}/u.test(next)) {
      end += 1;
      replacement = next.toUpperCase();
    }
  }
  return {
    id: `${f.kind}-${start}-${end}`,
    kind: f.kind,
    message: f.message,
    why: f.why,
    start,
    end,
    original: text.slice(start, end),
    ...(replacement === undefined ? {} : { replacement }),
    safe: f.safe && replacement !== undefined,
  };
}

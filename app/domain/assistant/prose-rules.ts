import { retext } from "retext";
import retextEnglish from "retext-english";
import retextEquality from "retext-equality";
import retextIntensify from "retext-intensify";
import retextPassive from "retext-passive";
import retextReadability from "retext-readability";
import retextRepeatedWords from "retext-repeated-words";
import retextSimplify from "retext-simplify";
import type { Suggestion } from "../suggestions";
import { fittingAlternatives } from "./pos";
import { toSuggestion } from "./span";

/** A replacement starts with a capital where the word it replaces did. */
const matchCase = (actual: string, word: string) =>
  /^[A-Z]/.test(actual) && /^[a-z]/.test(word) ? word[0].toUpperCase() + word.slice(1) : word;

/** One processor for every call (retext, with the English parser): the plugins are pure, so it is frozen and reused. */
const processor = retext()
  .use(retextEnglish)
  .use(retextPassive)
  .use(retextSimplify, { ignore: ["it is", "there are", "there is", "equivalent", "multiple", "however", "provide"] })
  .use(retextIntensify)
  .use(retextReadability, { age: 16, minWords: 8, threshold: 4 / 7 })
  .use(retextRepeatedWords)
  .use(retextEquality)
  .freeze();

/**
 * The words from retext-intensify we act on. Its full lists ("start", "can", "will", "that", "many") flag
 * ordinary marketing copy, so only these are removed, or (hedges) pointed out.
 */
const REMOVABLE = new Set([
  "very",
  "really",
  "extremely",
  "quite",
  "fairly",
  "totally",
  "remarkably",
  "hugely",
  "basically",
  "actually",
  "literally",
  "simply",
  "obviously",
  "essentially",
  "definitely",
  "certainly",
  "absolutely",
  "truly",
  "incredibly",
]);
const HEDGES = new Set(["maybe", "perhaps", "probably", "possibly", "somewhat", "arguably", "seemingly", "apparently", "presumably"]);

interface Message {
  source?: string | null;
  ruleId?: string | null;
  actual?: string | null;
  expected?: string[] | null;
  place?: { start?: { offset?: number }; end?: { offset?: number } } | null;
}

function located(m: Message): { start: number; end: number } | null {
  const start = m.place?.start?.offset;
  const end = m.place?.end?.offset;
  return typeof start === "number" && typeof end === "number" && end > start ? { start, end } : null;
}

function fromMessage(text: string, m: Message): Suggestion | null {
  const at = located(m);
  if (!at) return null;
  const actual = text.slice(at.start, at.end);
  const expected = m.expected ?? [];
  switch (m.source) {
    case "retext-repeated-words":
      return toSuggestion(text, {
        kind: "repeated",
        ...at,
        message: `Remove the repeated “${m.ruleId}”`,
        why: "The same word twice in a row is almost always a typo.",
        replacement: expected[0] ?? actual.split(/\s+/)[0],
        safe: true,
      });
    case "retext-simplify":
      // Without an alternative the library means "cut it", which is only safe for the intensifiers above.
      if (expected.length === 0) {
        if (!REMOVABLE.has(actual.toLowerCase())) return null;
        return toSuggestion(text, {
          kind: "simplify",
          ...at,
          message: `Remove “${actual}”`,
          why: "It adds words without adding meaning.",
          replacement: "",
          safe: true,
        });
      }
      {
        // Only the alternatives that play the same part in this sentence ("the effect shows" keeps a noun).
        const fitting = fittingAlternatives(
          text,
          at.start,
          at.end,
          expected.map((word) => matchCase(actual, word)),
        );
        if (fitting.length === 0) return null;
        return toSuggestion(text, {
          kind: "simplify",
          ...at,
          message: `Replace “${actual}” with “${matchCase(actual, fitting[0])}”`,
          why:
            fitting.length > 1
              ? `Plainer words read faster (also: ${fitting.slice(1).join(", ")}).`
              : "Plainer words read faster and keep the point up front.",
          replacement: matchCase(actual, fitting[0]),
          safe: expected.length === 1,
        });
      }
    case "retext-intensify": {
      const word = actual.toLowerCase();
      if (HEDGES.has(word))
        return toSuggestion(text, {
          kind: "intensifier",
          ...at,
          message: `Commit instead of hedging with “${actual}”`,
          why: "Hedges make a claim sound unsure; state it plainly or cut the claim.",
          safe: false,
        });
      if (!REMOVABLE.has(word)) return null;
      return toSuggestion(text, {
        kind: "intensifier",
        ...at,
        message: `Remove “${actual}”`,
        why:
          m.ruleId === "filler"
            ? "A filler word adds nothing the sentence needs."
            : "Vague intensifiers weaken a claim; a specific fact is stronger.",
        replacement: "",
        safe: true,
      });
    }
    case "retext-equality":
      return toSuggestion(text, {
        kind: "equality",
        ...at,
        message: expected.length > 0 ? `Consider “${expected[0]}” instead of “${actual}”` : `Reconsider “${actual}”`,
        // Advice only: the library's alternatives depend on context ("hang" in "get the hang of it").
        why: "Inclusive wording keeps every reader with you.",
        safe: false,
      });
    case "retext-passive":
      return toSuggestion(text, {
        kind: "passive",
        ...at,
        message: `Rewrite “${actual}” in the active voice`,
        why: "Active voice says who does what; it is shorter and more direct.",
        safe: false,
      });
    case "retext-readability":
      return toSuggestion(text, {
        kind: "readability",
        ...at,
        message: "Split this long sentence",
        why: "Most readability formulas find it hard to read; two shorter sentences land better.",
        safe: false,
      });
    default:
      return null;
  }
}

/** Runs the retext family on one paragraph; offsets are the paragraph's own. */
function paragraphSuggestions(paragraph: string): Suggestion[] {
  const file = processor.processSync(paragraph);
  return file.messages.map((m) => fromMessage(paragraph, m as Message)).filter((s): s is Suggestion => s !== null);
}

/**
 * Findings per paragraph text, most recently used last. Every rule works within a sentence, so a
 * paragraph's findings do not depend on the rest; typing changes one paragraph, and only that one is
 * checked again.
 */
const CACHE_LIMIT = 2000;
const cache = new Map<string, Suggestion[]>();

function cachedParagraph(paragraph: string): Suggestion[] {
  const hit = cache.get(paragraph);
  if (hit) {
    cache.delete(paragraph);
    cache.set(paragraph, hit);
    return hit;
  }
  const found = paragraphSuggestions(paragraph);
  cache.set(paragraph, found);
  if (cache.size > CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  return found;
}

const shift = (s: Suggestion, by: number): Suggestion =>
  by === 0 ? s : { ...s, id: `${s.kind}-${s.start + by}-${s.end + by}`, start: s.start + by, end: s.end + by };

/** Suggestions from the retext family for the whole text, unsorted, located in the whole text. */
export function proseSuggestions(text: string): Suggestion[] {
  const found: Suggestion[] = [];
  const blankLines = /\n[ \t]*\n\s*/g;
  let from = 0;
  for (const gap of [...text.matchAll(blankLines), null]) {
    const to = gap ? (gap.index ?? 0) : text.length;
    const paragraph = text.slice(from, to);
    // Code is not prose: its words are left alone.
    if (paragraph.trim() && !/^\s*```/.test(paragraph)) for (const s of cachedParagraph(paragraph)) found.push(shift(s, from));
    if (gap) from = to + gap[0].length;
  }
  return found;
}

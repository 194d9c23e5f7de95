// Part of speech, from compromise's English tagger: a word swap is offered only where the new word
// plays the same part and the sentence around it still reads the same way ("the effect shows" must not
// become "the choose shows"); an outline's heading is never an instruction ("Show five habits").
import nlp from "compromise";

type Part = "Noun" | "Verb" | "Adjective" | "Adverb" | "Other";
const PARTS: Part[] = ["Verb", "Noun", "Adjective", "Adverb"];

interface Term {
  text: string;
  part: Part;
  tags: string[];
}

function partOf(tags: string[]): Part {
  // A gerund ("marketing teams") and a participle used as an adjective are read by their role.
  if (tags.includes("Gerund")) return "Noun";
  return PARTS.find((p) => tags.includes(p)) ?? "Other";
}

function terms(sentence: string): Term[] {
  const doc = nlp(sentence).json() as { terms: { text: string; tags: string[] }[] }[];
  return doc.flatMap((s) => s.terms.map((t) => ({ text: t.text, tags: t.tags, part: partOf(t.tags) })));
}

/** Whether a phrase starts with a verb the writer is told to do ("Quote their content lead", "Show five habits"). */
export function startsWithVerb(phrase: string): boolean {
  const [first] = terms(phrase);
  // "Scheduled publishing" starts with a participle, "faster reviews" with an adjective: those are topics.
  return !!first && first.part === "Verb" && (first.tags.includes("Imperative") || first.tags.includes("Infinitive"));
}

/**
 * Whether replacing sentence[start, end) with `replacement` keeps the sentence's grammar: the new words
 * take the same part of speech as the old ones, and every other word keeps its own.
 */
export function samePartOfSpeech(sentence: string, start: number, end: number, replacement: string): boolean {
  if (!replacement.trim()) return true;
  const before = terms(sentence);
  const after = terms(sentence.slice(0, start) + replacement + sentence.slice(end));
  const oldWords = terms(sentence.slice(start, end)).length;
  const newWords = terms(replacement).length;
  const lead = terms(sentence.slice(0, start)).length;
  if (after.length !== before.length - oldWords + newWords) return false;
  // The words before and after the swap keep their parts.
  for (let i = 0; i < lead; i++) if (before[i].part !== after[i].part) return false;
  for (let i = 1; i <= before.length - lead - oldWords; i++)
    if (before[before.length - i].part !== after[after.length - i].part) return false;
  // The swapped words' head (their last content word) plays the same part.
  const head = (list: Term[]) => [...list].reverse().find((t) => t.part !== "Other")?.part ?? "Other";
  return head(before.slice(lead, lead + oldWords)) === head(after.slice(lead, lead + newWords));
}

const VERB_FORMS = new Set(["Infinitive", "PresentTense", "PastTense", "Imperative", "Verb"]);

/** The part of speech of the word at text[start, end) in its sentence. */
function partAt(text: string, start: number, end: number): Part {
  const lead = terms(text.slice(0, start)).length;
  const words = terms(text.slice(start, end)).length;
  const list = terms(text).slice(lead, lead + words);
  return [...list].reverse().find((t) => t.part !== "Other")?.part ?? "Other";
}

/**
 * The alternatives a plain-words list offers that fit here. A list whose alternatives are verbs ("effect:
 * choose, change, make") is for the verb: where the word is a noun ("the effect shows") none fits. The rest
 * must keep the sentence's grammar (samePartOfSpeech).
 */
export function fittingAlternatives(text: string, start: number, end: number, alternatives: string[]): string[] {
  const lexicon = (nlp.model() as { one: { lexicon: Record<string, string | undefined> } }).one.lexicon;
  const verbSense = alternatives.some((w) => VERB_FORMS.has(lexicon[w.toLowerCase()] ?? ""));
  if (verbSense && partAt(text, start, end) === "Noun") return [];
  return alternatives.filter((w) => samePartOfSpeech(text, start, end, w));
}

import { words } from "../text-stats";
import { blocksOf } from "./places";

/** Words that show a paragraph is already about what a brand keyword means, for the seeded and common keywords. */
const RELATED: Record<string, string[]> = {
  authentic: ["trust", "honest", "honesty", "real", "genuine", "transparent", "true", "credible", "story", "voice"],
  "customer-first": [
    "customer",
    "customers",
    "client",
    "clients",
    "reader",
    "readers",
    "user",
    "users",
    "buyer",
    "support",
    "service",
    "needs",
  ],
  "data-driven": [
    "data",
    "figure",
    "figures",
    "metric",
    "metrics",
    "measure",
    "measured",
    "analytics",
    "evidence",
    "numbers",
    "percent",
    "results",
    "test",
  ],
  innovative: ["new", "idea", "ideas", "launch", "build", "built", "improve", "product", "technology", "experiment", "first", "change"],
};

/** A sentence that uses the keyword plainly, for a one-click insertion: for the professional voice… */
const SENTENCES: Record<string, string> = {
  authentic: "The results are authentic: real data from named sources.",
  "customer-first": "The strategy is customer-first: it starts from what the reader needs.",
  "data-driven": "Each recommendation here is data-driven and names its evidence.",
  innovative: "The approach is innovative, and we measure the results before we recommend it.",
};

/** …and for the voices that speak to the reader (no business terms, which those tones mark down). */
const PLAIN_SENTENCES: Record<string, string> = {
  authentic: "We keep it authentic: real stories, told plainly.",
  "customer-first": "We stay customer-first: you come first at every step.",
  "data-driven": "Every tip here is data-driven, so you can trust it.",
  innovative: "This is an innovative idea, and we tried it before we shared it.",
};

export interface KeywordPlace {
  keyword: string;
  /** Where to insert (the end of the chosen paragraph). */
  at: number;
  paragraph: number;
  /** What that paragraph already says that fits, if anything. */
  because: string | null;
  sentence: string;
}

const stem = (w: string) => w.toLowerCase().replace(/(ing|ed|es|s)$/, "");

/** The paragraph that already talks about what a missing keyword means, and a sentence to add there. */
export function placeForKeyword(text: string, keyword: string, tone = "professional"): KeywordPlace {
  const key = keyword.toLowerCase();
  const related = new Set((RELATED[key] ?? key.split(/[\s-]+/).filter((p) => p.length > 2)).map(stem));
  // A paragraph that introduces a list or code (ends with a colon) or trails off is no place to add a sentence.
  // Nor is a quotation or a list.
  const prose = blocksOf(text).filter(
    (b) => b.kind === "prose" && /[.!?"”)]$/.test(b.text.trimEnd()) && !/^\s*(>|[-*+]\s|\d+\.\s)/.test(b.text),
  );
  let best: { block: (typeof prose)[number]; hits: string[] } | null = null;
  for (const block of prose) {
    const hits = [...new Set(words(block.text).filter((w) => related.has(stem(w))))];
    if (hits.length > (best?.hits.length ?? 0)) best = { block, hits };
  }
  const chosen = best?.block ?? prose.at(-1) ?? null;
  const sentence =
    (tone === "professional" ? SENTENCES[key] : PLAIN_SENTENCES[key]) ?? `This is what ${keyword} means for you in practice.`;
  return {
    keyword,
    at: chosen ? chosen.end : text.length,
    paragraph: chosen?.paragraph ?? 0,
    because: best
      ? best.hits
          .slice(0, 2)
          .map((w) => `“${w}”`)
          .join(" and ")
      : null,
    sentence,
  };
}

/** Adds the keyword's sentence at its place: a one-click fix. */
export function insertKeyword(text: string, place: KeywordPlace): string {
  if (place.paragraph === 0) return `${text.trimEnd()}${text.trim() ? "\n\n" : ""}${place.sentence}`;
  const before = text.slice(0, place.at).trimEnd();
  return `${before}${/[.!?:]$/.test(before) ? "" : "."} ${place.sentence}${text.slice(place.at)}`;
}

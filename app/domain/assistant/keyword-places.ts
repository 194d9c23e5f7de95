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

export interface KeywordPlace {
  keyword: string;
  /** Where to insert (the end of the chosen paragraph). */
  at: number;
  paragraph: number;
  /** What that paragraph already says that fits, if anything. */
  because: string | null;
}

const stem = (w: string) => w.toLowerCase().replace(/(ing|ed|es|s)$/, "");

/**
 * The paragraph that already talks about what a missing keyword means: where the writer could use it.
 * The studio never writes the sentence (decision 038): a keyword belongs only where the text shows it.
 */
export function placeForKeyword(text: string, keyword: string): KeywordPlace {
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
  };
}

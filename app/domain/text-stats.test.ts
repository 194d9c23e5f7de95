import { describe, expect, it } from "vitest";
import { countSentences, textStats, words } from "./text-stats";

describe("textStats", () => {
  it("counts words with apostrophes, hyphens and digits as one word each", () => {
    expect(words("Don't over-think 2026's plans!")).toEqual(["Don't", "over-think", "2026's", "plans"]);
  });
  it("is all zero for empty text", () => {
    expect(textStats("   ")).toEqual({ words: 0, sentences: 0, readability: 0, readingMinutes: 0 });
  });
  it("counts sentences by terminal punctuation and blank lines", () => {
    expect(countSentences("One. Two? Three!\n\nA heading\n\nFour")).toBe(5);
  });
  it("scores plain short sentences as easier than long polysyllabic ones", () => {
    const easy = textStats("The cat sat on the mat. It was a good day. We had fun.");
    const hard = textStats(
      "Organizational transformation necessitates comprehensive stakeholder alignment regarding institutional communication methodologies.",
    );
    expect(easy.readability).toBeGreaterThan(80);
    expect(hard.readability).toBeLessThan(10);
  });
  it("rounds reading time up at the stated words per minute", () => {
    const text = Array.from({ length: 201 }, () => "word").join(" ");
    expect(textStats(text).readingMinutes).toBe(2);
    expect(textStats("one two", 200).readingMinutes).toBe(1);
  });
});

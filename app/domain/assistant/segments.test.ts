import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { graphemesOf, wordsOf } from "./segments";

const PIECES = [
  "word",
  "Ünïcödé",
  "e\u0301",
  "👩‍👩‍👧",
  "🇫🇷",
  "👍🏽",
  "1️⃣",
  "日本語",
  "ไทย",
  " ",
  "  ",
  "\n",
  "\r\n",
  ",",
  "it's",
  "-",
  "https://x.test/a?b=c",
];
const text = fc.array(fc.constantFrom(...PIECES), { maxLength: 60 }).map((p) => p.join(""));
const indices = (pieces: Iterable<{ index: number }>) => [...pieces].map((p) => p.index);

describe("segmenting run by run", () => {
  it("finds the same graphemes as Intl.Segmenter on the whole text", () => {
    const whole = new Intl.Segmenter("en", { granularity: "grapheme" });
    fc.assert(
      fc.property(text, (t) => {
        expect(indices(graphemesOf(t))).toEqual(indices(whole.segment(t)));
      }),
      { numRuns: 300 },
    );
  });
  it("finds word boundaries that are also whole-text word boundaries", () => {
    const whole = new Intl.Segmenter("en", { granularity: "word" });
    fc.assert(
      fc.property(text, (t) => {
        const expected = new Set(indices(whole.segment(t)));
        for (const i of indices(wordsOf(t))) expect(expected.has(i)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

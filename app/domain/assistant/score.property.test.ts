import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FIXTURE_TEXTS } from "../../../tests/fixtures/assistant-texts";
import { GUIDELINE_TWINS } from "../../../tests/fixtures/guideline-twins";
import { CANNED_KEYWORD_SENTENCES } from "../../../tests/fixtures/canned-sentences";
import { blocksOf } from "./places";
import { applySuggestion } from "../suggestions";
import { enhanceLocal } from "./enhance";
import { scoreLocal } from "./score";
import { suggestLocal } from "./suggest";
import { sampleVoice } from "./test-voice";
import { TONE_IDS } from "./tone";

const fixture = fc.constantFrom(...FIXTURE_TEXTS);
const tone = fc.constantFrom(...TONE_IDS);
const fixable = (text: string, voice = sampleVoice()) => suggestLocal(text, voice).filter((s) => s.replacement !== undefined);

describe("the brand-voice score agrees with its own suggestions", () => {
  it("has at least 20 fixture texts, each with something to fix or already clean", () => {
    expect(FIXTURE_TEXTS.length).toBeGreaterThanOrEqual(20);
    expect(FIXTURE_TEXTS.filter((f) => fixable(f.text).length > 0).length).toBeGreaterThanOrEqual(9);
  });

  it("fixing any flagged problem never lowers the total", () => {
    fc.assert(
      fc.property(fixture, tone, fc.nat(), (f, toneId, pick) => {
        const voice = sampleVoice(toneId);
        const options = fixable(f.text, voice);
        fc.pre(options.length > 0);
        const fix = options[pick % options.length];
        const after = applySuggestion(f.text, fix);
        expect(after, `${fix.message} did not apply`).not.toBe(f.text);
        expect(scoreLocal(after, voice).score, `${f.name}: ${fix.message}`).toBeGreaterThanOrEqual(scoreLocal(f.text, voice).score);
      }),
      { numRuns: 200 },
    );
  });

  it("fixing flagged problems one after another never lowers the total at any step", () => {
    fc.assert(
      fc.property(fixture, fc.array(fc.nat(), { minLength: 1, maxLength: 6 }), (f, picks) => {
        const voice = sampleVoice();
        let text = f.text;
        let score = scoreLocal(text, voice).score;
        for (const pick of picks) {
          const options = fixable(text, voice);
          if (options.length === 0) break;
          const fix = options[pick % options.length];
          text = applySuggestion(text, fix);
          const next = scoreLocal(text, voice).score;
          expect(next, `${f.name}: ${fix.message}`).toBeGreaterThanOrEqual(score);
          score = next;
        }
      }),
      { numRuns: 60 },
    );
  });

  it("Enhance never lowers the total", () => {
    for (const f of FIXTURE_TEXTS) {
      const voice = sampleVoice();
      expect(scoreLocal(enhanceLocal(f.text, voice).text, voice).score, f.name).toBeGreaterThanOrEqual(scoreLocal(f.text, voice).score);
    }
  });

  it("a text that follows a guideline scores higher on that part than its violating twin", () => {
    fc.assert(
      fc.property(fc.constantFrom(...GUIDELINE_TWINS), tone, (twin, toneId) => {
        const voice = sampleVoice(toneId, { guidelines: twin.guidelines });
        const follows = scoreLocal(twin.follows, voice);
        const violates = scoreLocal(twin.violates, voice);
        const part = (s: typeof follows) => s.parts.find((p) => p.key === twin.part)!.score;
        expect(part(follows), `${twin.rule} (${toneId})`).toBeGreaterThan(part(violates));
        expect(follows.score, `${twin.rule} (${toneId}): total`).toBeGreaterThanOrEqual(violates.score);
      }),
      { numRuns: 100 },
    );
  });

  it("the same text always scores the same, whatever was scored before", () => {
    fc.assert(
      fc.property(fixture, fc.array(fixture, { maxLength: 3 }), tone, (f, before, toneId) => {
        const voice = sampleVoice(toneId);
        const first = scoreLocal(f.text, voice);
        for (const other of before) scoreLocal(other.text, voice);
        expect(scoreLocal(f.text, voice)).toEqual(first);
      }),
      { numRuns: 50 },
    );
  });
});

describe("a counterexample the property found once", () => {
  it("cutting “In order” after another fix does not lower the total (Flesch alone would: short words leave)", () => {
    const voice = sampleVoice();
    let text =
      "We leverage cutting-edge synergy to utilize best-in-class solutions. In order to facilitate growth, the team will endeavour to optimise the workflow.";
    let score = scoreLocal(text, voice).score;
    for (let step = 0; step < 3; step++) {
      const [fix] = fixable(text, voice);
      if (!fix) break;
      text = applySuggestion(text, fix);
      const next = scoreLocal(text, voice).score;
      expect(next, fix.message).toBeGreaterThanOrEqual(score);
      score = next;
    }
  });
});

/** Prose paragraphs a sentence can end: not headings, lists, quotes, tables or code. */
function proseEnds(text: string): number[] {
  return blocksOf(text)
    .filter((b) => b.kind === "prose" && /[.!?]$/.test(b.text.trimEnd()) && !/^\s*(>|[-*+]\s|\d+\.\s|\|)/.test(b.text))
    .map((b) => b.start + b.text.trimEnd().length);
}
/** Offsets between blocks, where a new paragraph can go. */
function blockGaps(text: string): number[] {
  return [0, ...blocksOf(text).map((b) => b.end), text.length];
}
const asParagraph = (text: string, at: number, block: string) =>
  `${text.slice(0, at).trimEnd()}${at > 0 ? "\n\n" : ""}${block}\n\n${text.slice(at).trimStart()}`.trim();

describe("a score that cannot be gamed", () => {
  const canned = fc.constantFrom(...CANNED_KEYWORD_SENTENCES);

  it("adding a canned keyword sentence never raises the total, wherever it goes", () => {
    fc.assert(
      fc.property(fixture, tone, canned, fc.nat(), fc.boolean(), (f, toneId, sentence, pick, ownParagraph) => {
        const voice = sampleVoice(toneId);
        const ends = proseEnds(f.text);
        const gaps = blockGaps(f.text);
        const added =
          ownParagraph || ends.length === 0
            ? asParagraph(f.text, gaps[pick % gaps.length], sentence)
            : (() => {
                const at = ends[pick % ends.length];
                return `${f.text.slice(0, at)} ${sentence}${f.text.slice(at)}`;
              })();
        expect(scoreLocal(added, voice).score, `${f.name} + “${sentence}”`).toBeLessThanOrEqual(scoreLocal(f.text, voice).score);
      }),
      { numRuns: 300 },
    );
  });

  it("adding the same canned sentence again and again lowers the total (stuffing and boilerplate)", () => {
    for (const f of FIXTURE_TEXTS) {
      const voice = sampleVoice();
      let text = f.text;
      let score = scoreLocal(text, voice).score;
      for (let i = 0; i < 4; i++) {
        text = `${text}\n\n${CANNED_KEYWORD_SENTENCES[0]}`;
        const next = scoreLocal(text, voice).score;
        expect(next, `${f.name}, copy ${i + 1}`).toBeLessThanOrEqual(score);
        score = next;
      }
      expect(score, f.name).toBeLessThan(scoreLocal(f.text, voice).score);
    }
  });

  it("rendering-neutral Markdown (an image, a link round a word) never changes the score", () => {
    const image = fc.constantFrom(
      "![Launch chart!](https://cdn.example.com/launch-chart.png)",
      '![Wow! Our innovative, data-driven, authentic team!](https://example.com/a.png "Hooray!")',
      "![](https://example.com/empty-alt.png)",
    );
    const url = fc.constantFrom(
      "https://example.com/page?utm=innovative!",
      "https://example.com/data-driven/authentic",
      "/library?q=proven",
    );
    fc.assert(
      fc.property(fixture, tone, image, url, fc.nat(), fc.boolean(), (f, toneId, img, href, pick, asImage) => {
        const voice = sampleVoice(toneId);
        let changed: string;
        if (asImage) {
          const gaps = blockGaps(f.text);
          changed = asParagraph(f.text, gaps[pick % gaps.length], img);
        } else {
          // A word of a plain prose paragraph (no code, links or HTML in it) becomes a link.
          const spots = blocksOf(f.text)
            .filter((b) => b.kind === "prose" && !/[`[\]<>|]/.test(b.text) && !/^\s*(>|[-*+]\s|\d+\.\s)/.test(b.text))
            .flatMap((b) => [...b.text.matchAll(/(?<![\w'’-])[A-Za-z]{3,}(?![\w'’-])/g)].map((m) => b.start + (m.index ?? 0)));
          fc.pre(spots.length > 0);
          const at = spots[pick % spots.length];
          const word = f.text.slice(at).match(/^[A-Za-z]+/)![0];
          changed = `${f.text.slice(0, at)}[${word}](${href})${f.text.slice(at + word.length)}`;
        }
        const before = scoreLocal(f.text, voice);
        const after = scoreLocal(changed, voice);
        expect(after.score, `${f.name}: ${asImage ? img : href}`).toBe(before.score);
        expect(after.parts.map((p) => p.score)).toEqual(before.parts.map((p) => p.score));
      }),
      { numRuns: 200 },
    );
  });
});

describe("the score reads what a reader reads", () => {
  it("an image is not an exclamation mark, and its alt text and URL are not words", () => {
    const voice = sampleVoice("professional");
    const text = "Our plan delivers results.\n\n![Wow! Innovative!](https://example.com/authentic-data-driven.png)\n\nWe ship on Friday.";
    const s = scoreLocal(text, voice);
    const tonePart = s.parts.find((p) => p.key === "tone")!;
    expect(tonePart.detail).not.toMatch(/exclamation/);
    expect(
      s.parts
        .flatMap((p) => p.fixes)
        .map((f) => f.message)
        .join(" "),
    ).not.toMatch(/“!”/);
    expect(s.parts.find((p) => p.key === "keywords")!.detail).toMatch(/^0 of 4 brand keywords used/);
    expect(s.score).toBe(scoreLocal("Our plan delivers results.\n\nWe ship on Friday.", voice).score);
  });
  it("fixes point at the writer's Markdown, past the marks", () => {
    const voice = sampleVoice("professional", { keywords: [] });
    const text = "## Plan\n\nWe did it **in order to** learn. See [the guide](https://example.com).";
    const fix = scoreLocal(text, voice)
      .parts.flatMap((p) => p.fixes)
      .find((f) => /in order to/.test(f.message))!;
    expect(text.slice(fix.start, fix.end)).toBe("in order to");
  });
});

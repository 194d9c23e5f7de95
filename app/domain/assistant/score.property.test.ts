import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FIXTURE_TEXTS } from "../../../tests/fixtures/assistant-texts";
import { GUIDELINE_TWINS } from "../../../tests/fixtures/guideline-twins";
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
    expect(FIXTURE_TEXTS.filter((f) => fixable(f.text).length > 0).length).toBeGreaterThanOrEqual(15);
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
      text = applySuggestion(text, fix);
      const next = scoreLocal(text, voice).score;
      expect(next, fix.message).toBeGreaterThanOrEqual(score);
      score = next;
    }
  });
});

import { describe, expect, it } from "vitest";
import { TONE_TEXTS } from "./fixtures/tone-texts";
import { meetsThreshold, scoreLocal } from "./score";
import { sampleVoice } from "./test-voice";
import { TONE_IDS } from "./tone";

const part = (text: string, key: string, voice = sampleVoice()) => scoreLocal(text, voice).parts.find((p) => p.key === key)!;

describe("brand-voice score", () => {
  it.each(TONE_IDS)("a text written %s fits that tone better than any other tone", (tone) => {
    const text = TONE_TEXTS[tone];
    const own = part(text, "tone", sampleVoice(tone)).score;
    for (const other of TONE_IDS.filter((t) => t !== tone))
      expect(own, `${tone} text scored as ${other}`).toBeGreaterThan(part(text, "tone", sampleVoice(other)).score);
    expect(part(text, "tone", sampleVoice(tone)).detail).toMatch(/^Helps: /);
  });
  it("counts brand keywords where a figure backs them, and names the missing ones", () => {
    const p = part("Our innovative, data-driven approach cut review time by 40%.", "keywords");
    expect(p.score).toBe(50);
    expect(p.detail).toBe("2 of 4 brand keywords used (“innovative”, “data-driven”). Missing: “customer-first”, “authentic”.");
  });
  it("a claim the studio cannot check earns nothing", () => {
    const p = part("Our innovative, data-driven approach works.", "keywords");
    expect(p.score).toBe(0);
    expect(p.detail).toBe(
      "0 of 4 brand keywords used. “innovative”, “data-driven” only in claims without a figure, which earn nothing. Missing: “customer-first”, “authentic”.",
    );
    expect(p.fixes[0].message).toBe(
      "Paragraph 1: “Our innovative, data-driven approach works.” claims “innovative” without a figure; show it with one, or cut the claim.",
    );
  });
  it("takes points for banned terms, missing required terms and passive voice the guidelines rule out", () => {
    const voice = sampleVoice("professional", {
      guidelines: "Write in active voice. Avoid 'revolutionary'. Always include 'customer-first'.",
    });
    const p = part("Our revolutionary product was written by engineers.", "guidelines", voice);
    expect(p.detail).toBe(
      "Uses banned term “revolutionary”; misses required “customer-first”; 1 passive construction (guidelines ask for active voice).",
    );
    // Multiplied, so fixing any one violation raises the part however many there are.
    expect(p.score).toBe(Math.round(100 * 0.8 * 0.85 * 0.95));
    expect(part("Our customer-first team answered 200 questions.", "guidelines", voice).score).toBe(100);
  });
  it("measures readability against the tone's target", () => {
    const dense = "Comprehensive organisational transformation necessitates multidimensional stakeholder alignment initiatives.";
    expect(part(dense, "readability", sampleVoice("casual")).detail).toMatch(/below the 70 this tone aims for/);
    expect(part("We ship on Friday. You get it first.", "readability", sampleVoice("casual")).score).toBe(100);
  });
  it("weights the parts into one score and explains an empty text", () => {
    const s = scoreLocal(TONE_TEXTS.professional, sampleVoice());
    expect(s.parts.reduce((n, p) => n + p.weight, 0)).toBeCloseTo(1);
    expect(Math.abs(s.score - s.parts.reduce((n, p) => n + p.score * p.weight, 0))).toBeLessThanOrEqual(1);
    expect(scoreLocal("  ", sampleVoice())).toMatchObject({ score: 0 });
    expect(scoreLocal("  ", sampleVoice()).parts[0].detail).toBe("There is no text to score yet.");
  });
  it("meetsThreshold compares with the Content Generation Threshold", () => {
    expect(meetsThreshold(85, { threshold: 85 })).toBe(true);
    expect(meetsThreshold(84, { threshold: 85 })).toBe(false);
  });
});

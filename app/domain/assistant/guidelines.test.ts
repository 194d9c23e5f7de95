import { describe, expect, it } from "vitest";
import { FIXTURE_TEXTS } from "../../../tests/fixtures/assistant-texts";
import { readGuidelines, SHORT_SENTENCE_WORDS } from "./guidelines";
import { scoreLocal } from "./score";
import { sampleVoice } from "./test-voice";

const part = (text: string, key: string, guidelines: string) =>
  scoreLocal(text, sampleVoice("professional", { guidelines })).parts.find((p) => p.key === key)!;
const fixture = (name: string) => FIXTURE_TEXTS.find((f) => f.name === name)!.text;

describe("the Content Guidelines come first", () => {
  it("reads sentence length, voice, contractions and terms from the guidelines", () => {
    expect(readGuidelines(sampleVoice().guidelines)).toEqual({
      banned: ["revolutionary", "game-changing"],
      required: [],
      activeVoice: true,
      maxSentenceWords: SHORT_SENTENCE_WORDS,
      contractions: null,
    });
    expect(readGuidelines("Keep sentences under 15 words. Avoid contractions.")).toMatchObject({
      maxSentenceWords: 15,
      contractions: "avoid",
    });
    expect(readGuidelines("Use contractions.")).toMatchObject({ maxSentenceWords: null, contractions: "use", activeVoice: false });
  });
  it("readability counts sentences over the guidelines' limit and points at each", () => {
    const p = part(fixture("long sentences"), "readability", "Keep sentences under 20 words.");
    expect(p.detail).toContain("over 20 words (the guidelines' limit)");
    expect(p.fixes[0].message).toMatch(/^Paragraph 1: “Content teams that plan their calendar…” has \d+ words; split it at “, and”\.$/);
    expect(part(fixture("long sentences"), "readability", "Keep sentences under 60 words.").score).toBeGreaterThan(p.score);
  });
  it("tone fit never asks for longer sentences when the guidelines ask for short ones", () => {
    const short = "The plan works. The data shows it. We ensure results.";
    const tone = part(short, "tone", "Keep sentences short.");
    expect(tone.detail).toContain("Helps:");
    expect(tone.detail).toMatch(/Helps:[^.]*sentences average/);
  });
  it("points a missing keyword at the paragraph that talks about it", () => {
    const keywords = scoreLocal(fixture("sample article"), sampleVoice()).parts.find((p) => p.key === "keywords")!;
    expect(keywords.fixes.map((f) => f.message)).toContain(
      "“data-driven” could fit in paragraph 3: it talks about “results” and “percent”; use it only where the text shows it.",
    );
  });
  it("an “avoid contractions” guideline turns each contraction into a located violation", () => {
    const p = part(fixture("contractions"), "guidelines", "Avoid contractions.");
    expect(p.detail).toBe("5 contractions (guidelines ask to avoid them).");
    expect(p.fixes[0]).toMatchObject({ message: "Paragraph 1: write “We're” in full.", start: 0, end: 5 });
  });
});

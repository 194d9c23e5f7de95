import { describe, expect, it } from "vitest";
import { FIXTURE_TEXTS } from "../../../tests/fixtures/assistant-texts";
import { findContractions } from "./contractions";
import { scoreLocal } from "./score";
import { sampleVoice } from "./test-voice";
import { toneSignals } from "./tone";

const fixture = (name: string) => FIXTURE_TEXTS.find((f) => f.name === name)!.text;
const words = (text: string) => findContractions(text).map((c) => c.word);

describe("contraction detection", () => {
  it("finds real contractions", () => {
    expect(words(fixture("contractions"))).toEqual(["We're", "It's", "we've", "Don't", "let's"]);
  });
  it("does not count possessives (“Acme's”, “the team's”)", () => {
    expect(words(fixture("possessives"))).toEqual([]);
    expect(words(fixture("sample article"))).toEqual([]);
    expect(toneSignals(fixture("possessives")).contractions).toBe(0);
  });
  it("does not count words inside quotation marks or code", () => {
    expect(words(fixture("quoted speech"))).toEqual([]);
    expect(words(fixture("code sample"))).toEqual([]);
    expect(words("She said ‘we're done’ and left. It's late.")).toEqual(["It's"]);
  });
  it("a possessive never costs the professional tone points", () => {
    const tone = scoreLocal(fixture("possessives"), sampleVoice()).parts.find((p) => p.key === "tone")!;
    expect(tone.detail).not.toContain("contractions");
  });
});

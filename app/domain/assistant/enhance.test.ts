import { describe, expect, it } from "vitest";
import { FIXTURE_TEXTS, SAMPLE_ARTICLE } from "../../../tests/fixtures/assistant-texts";
import { findTerm } from "./brand-rules";
import { enhanceLocal } from "./enhance";
import { readGuidelines } from "./guidelines";
import { scoreLocal } from "./score";
import { suggestLocal } from "./suggest";
import { sampleVoice } from "./test-voice";

const voice = sampleVoice();

describe("the built-in Enhance", () => {
  it.each(FIXTURE_TEXTS.map((f) => [f.name, f.text]))("%s: makes every safe change it can", (_name, text) => {
    const result = enhanceLocal(text, voice);
    expect(suggestLocal(result.text, voice).filter((s) => s.safe)).toEqual([]);
    for (const term of readGuidelines(voice.guidelines).banned) expect(findTerm(result.text, term)).toEqual([]);
    expect(result.text).not.toMatch(/\b(\w+) \1\b/i);
  });
  it.each(FIXTURE_TEXTS.map((f) => [f.name, f.text]))("%s: never “nothing to change” while a part is below target", (_name, text) => {
    const result = enhanceLocal(text, voice);
    const below = scoreLocal(result.text, voice).parts.filter((p) => p.score < voice.threshold);
    if (below.length) expect(result.text !== text || result.suggestions.length > 0 || result.remaining.length > 0).toBe(true);
    if (below.length) expect(result.remaining.length).toBeGreaterThan(0);
  });
  it("fixes the sample article's hype word, fillers, doubled word and long sentences, and offers the rest", () => {
    const result = enhanceLocal(SAMPLE_ARTICLE, voice);
    expect(result.text).toContain("This new approach");
    expect(result.text).toContain("The results were clear.");
    expect(result.text).toContain("it is a checklist that people can find.");
    expect(result.text).toContain("Acme's onboarding used to take three weeks. New customers were often left waiting");
    expect(result.applied.map((s) => s.kind)).toEqual(expect.arrayContaining(["banned", "intensifier", "repeated", "readability"]));
    const offered = result.suggestions.map((s) => s.kind);
    expect(offered).toContain("keyword");
    expect(result.suggestions.find((s) => s.id === "keyword-data-driven")?.message).toBe(
      "“data-driven” could fit in paragraph 3: it talks about “results” and “percent”",
    );
    // Enhance never writes a keyword sentence for the writer.
    for (const k of voice.keywords) expect(findTerm(result.text, k).length).toBe(findTerm(SAMPLE_ARTICLE, k).length);
    expect(scoreLocal(result.text, voice).score).toBeGreaterThan(scoreLocal(SAMPLE_ARTICLE, voice).score);
  });
  it("leaves headings, code and the writer's wording outside the flagged spans alone", () => {
    const text = "# Keep me\n\nWe did it in order to learn.\n\n```\nthe the\n```";
    const result = enhanceLocal(text, sampleVoice("professional", { keywords: [] }));
    expect(result.text).toBe("# Keep me\n\nWe did it to learn.\n\n```\nthe the\n```");
  });
});

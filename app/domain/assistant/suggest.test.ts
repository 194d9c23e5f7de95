import { describe, expect, it } from "vitest";
import { applySuggestion, type SuggestionKind } from "../suggestions";
import { suggestLocal } from "./suggest";
import { sampleVoice } from "./test-voice";

/** Without brand keywords, so each test sees only the finding it is about. */
const voice = sampleVoice("professional", { keywords: [] });

/** The one suggestion of a kind in a text, and what Apply makes of it. */
function only(text: string, kind: SuggestionKind) {
  const found = suggestLocal(text, voice).filter((s) => s.kind === kind);
  expect(found).toHaveLength(1);
  return { s: found[0], applied: applySuggestion(text, found[0]) };
}

describe("suggestLocal, one fixed text per kind", () => {
  it("banned: a hype word the guidelines forbid, replaced by a plain one", () => {
    const { s, applied } = only("Our revolutionary tool ships today.", "banned");
    expect(s).toMatchObject({ start: 4, end: 17, original: "revolutionary", replacement: "new", safe: true });
    expect(s.why).toContain("Content Guidelines");
    expect(applied).toBe("Our new tool ships today.");
  });
  it("banned without a known alternative is advice only", () => {
    const text = "Our tool is a paradigm shift.";
    const found = suggestLocal(text, sampleVoice("professional", { guidelines: "Never say 'paradigm shift'.", keywords: [] })).filter(
      (s) => s.kind === "banned",
    );
    expect(found).toHaveLength(1);
    expect(found[0].replacement).toBeUndefined();
    expect(applySuggestion(text, found[0])).toBe(text);
  });
  it("repeated: a doubled word loses one copy", () => {
    const { s, applied } = only("We checked the the numbers.", "repeated");
    expect(s.original).toBe("the the");
    expect(applied).toBe("We checked the numbers.");
  });
  it("simplify: a wordy phrase becomes the plain word", () => {
    const { s, applied } = only("We did it in order to learn.", "simplify");
    expect(s).toMatchObject({ original: "in order to", replacement: "to", safe: true });
    expect(applied).toBe("We did it to learn.");
  });
  it("simplify at a sentence start keeps the capital", () => {
    expect(only("Very good results came in.", "simplify").applied).toBe("Good results came in.");
  });
  it("intensifier: a filler word is removed with its space", () => {
    const { s, applied } = only("The launch was basically a success.", "intensifier");
    expect(s.replacement).toBe("");
    expect(applied).toBe("The launch was a success.");
  });
  it("equality: offers inclusive wording as advice, never applied (the alternatives depend on context)", () => {
    const { s, applied } = only("The chairman opened the meeting.", "equality");
    expect(s).toMatchObject({ original: "chairman", safe: false });
    expect(s.message).toContain("chair");
    expect(applied).toBe("The chairman opened the meeting.");
  });
  it("passive with a named doer: a one-click rewrite of the sentence, never applied silently", () => {
    const { s, applied } = only("The report was written by the team.", "passive");
    expect(s).toMatchObject({ original: "The report was written by the team.", safe: false });
    expect(applied).toBe("The team wrote the report.");
  });
  it("passive without a doer stays advice on the verb", () => {
    const { s, applied } = only("Mistakes were made.", "passive");
    expect(s.original).toBe("made");
    expect(s.replacement).toBeUndefined();
    expect(applied).toBe("Mistakes were made.");
  });
  it("readability: a sentence over the guidelines' limit is split at a clear boundary", () => {
    const text =
      "Teams that plan their calendar a quarter ahead publish more often, and they also report fewer rewrites because the brief is agreed early.";
    const { s, applied } = only(text, "readability");
    expect(s).toMatchObject({ start: 0, end: text.length, safe: true });
    expect(s.why).toContain("Content Guidelines");
    expect(applied).toBe(
      "Teams that plan their calendar a quarter ahead publish more often. They also report fewer rewrites because the brief is agreed early.",
    );
  });
  it("readability: a long sentence without a clear boundary is advice only", () => {
    const text =
      "The implementation of the framework which was following the guidelines crafted across numerous months by an enormous committee of stakeholders is mandatory for organisational compliance.";
    const { s } = only(text, "readability");
    expect(s.replacement).toBeUndefined();
    expect(s.message).toMatch(/^Cut this \d+-word sentence into two$/);
  });
  it("keyword: a missing brand keyword is offered where the text already talks about it", () => {
    const text = "We launched the plan in May.\n\nOur customers asked for faster support, and the team answered.";
    const found = suggestLocal(text, sampleVoice("professional", { keywords: ["customer-first"] })).filter((s) => s.kind === "keyword");
    expect(found).toHaveLength(1);
    expect(found[0].message).toBe("“customer-first” could fit in paragraph 2: it talks about “customers” and “support”");
    expect(found[0].why).toMatch(/figure or a source/);
    // A note, never an inserted sentence: there is nothing to apply.
    expect(found[0].replacement).toBeUndefined();
    expect(applySuggestion(text, found[0])).toBe(text);
  });
  it("an empty document gets no suggestions, not even a keyword “at the end”", () => {
    expect(suggestLocal("", voice)).toEqual([]);
    expect(suggestLocal("  \n\n ", voice)).toEqual([]);
  });
  it("a word swap keeps the part of speech: “the effect shows” is not offered “the choose shows”", () => {
    const swaps = suggestLocal("The effect shows within weeks.", voice).filter((s) => s.kind === "simplify");
    expect(swaps.map((s) => s.replacement)).not.toContain("choose");
    expect(swaps.every((s) => s.original.toLowerCase() !== "effect" || s.replacement === undefined)).toBe(true);
    // Where the word is the verb, the plain verb is fine.
    const verb = suggestLocal("These changes effect the whole team.", voice).find((s) => s.original === "effect");
    expect(verb?.replacement).toBe("choose");
  });
  it("locates findings in later paragraphs in the whole text, and finds the same again after an edit elsewhere", () => {
    const text = "First paragraph is fine.\n\nWe did it in order to learn.";
    const [s] = suggestLocal(text, voice);
    expect(s).toMatchObject({ start: 36, end: 47, original: "in order to" });
    const edited = `Edited first paragraph, still fine.\n\nWe did it in order to learn.`;
    const [again] = suggestLocal(edited, voice);
    expect(applySuggestion(edited, again)).toBe("Edited first paragraph, still fine.\n\nWe did it to learn.");
  });
  it("returns suggestions in text order, one per span, and nothing for clean text", () => {
    const list = suggestLocal("It works. We did it in order to learn the the basics.", voice);
    expect(list.map((s) => s.start)).toEqual([...list.map((s) => s.start)].sort((a, b) => a - b));
    expect(suggestLocal("We ship on Friday.", voice)).toEqual([]);
  });
});

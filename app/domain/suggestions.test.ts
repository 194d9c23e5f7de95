import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applySuggestion, quickSuggestions } from "./suggestions";

describe("quickSuggestions", () => {
  it("finds wordy phrases and intensifiers in text order", () => {
    const text = "It really works. We did it in order to learn.";
    const [first, second] = quickSuggestions(text);
    expect(first).toMatchObject({ kind: "intensifier", original: "really ", replacement: "" });
    expect(second).toMatchObject({ kind: "wordy", original: "in order to", replacement: "to" });
    expect(applySuggestion(applySuggestion(text, second), first)).toBe("It works. We did it to learn.");
  });
  it("keeps the capital of a sentence start", () => {
    const [s] = quickSuggestions("In order to win, plan.");
    expect(applySuggestion("In order to win, plan.", s)).toBe("To win, plan.");
  });
  it("returns nothing for clean text and ignores words inside words", () => {
    expect(quickSuggestions("Justice is served.")).toEqual([]);
  });
  it("never touches text outside the span, and refuses a stale span", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (before, after) => {
        const text = `${before} really ${after}`;
        for (const s of quickSuggestions(text, 50)) {
          const out = applySuggestion(text, s);
          expect(out.slice(0, s.start)).toBe(text.slice(0, s.start));
          expect(out.slice(s.start + s.replacement.length)).toBe(text.slice(s.end));
        }
      }),
    );
    const [s] = quickSuggestions("It really works.");
    expect(applySuggestion("Changed text entirely.", s)).toBe("Changed text entirely.");
  });
});

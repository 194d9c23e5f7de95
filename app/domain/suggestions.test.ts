import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { suggestLocal } from "./assistant/suggest";
import { sampleVoice } from "./assistant/test-voice";
import { applySuggestion, rebaseSuggestions, type Suggestion } from "./suggestions";

const voice = sampleVoice();
const PHRASES = ["in order to", "the the", "very", "basically", "revolutionary", "was written by", "chairman", "Maybe", "utilization"];
/** Text mixing arbitrary strings with phrases the rules flag. */
const flaggedText = fc.array(fc.oneof(fc.string(), fc.constantFrom(...PHRASES)), { maxLength: 12 }).map((parts) => parts.join(" "));

describe("applySuggestion", () => {
  it("never changes text outside the span, for every suggestion the local rules make", () => {
    fc.assert(
      fc.property(flaggedText, (text) => {
        for (const s of suggestLocal(text, voice)) {
          const out = applySuggestion(text, s);
          if (s.replacement === undefined) {
            expect(out).toBe(text);
            continue;
          }
          expect(out.slice(0, s.start)).toBe(text.slice(0, s.start));
          expect(out.slice(s.start + s.replacement.length)).toBe(text.slice(s.end));
          expect(out.slice(s.start, s.start + s.replacement.length)).toBe(s.replacement);
        }
      }),
      { numRuns: 150 },
    );
  });
  it("refuses a stale span", () => {
    const [s] = suggestLocal("We did it in order to learn.", voice);
    expect(applySuggestion("Changed text entirely, longer than before.", s)).toBe("Changed text entirely, longer than before.");
  });
  it("rebases later suggestions so a second Apply still lands on its words", () => {
    const text = "We did it in order to learn the the basics.";
    const [first, second] = suggestLocal(text, voice);
    const once = applySuggestion(text, first);
    const [moved] = rebaseSuggestions([first, second], first);
    expect(applySuggestion(once, moved as Suggestion)).toBe("We did it to learn the basics.");
  });
});

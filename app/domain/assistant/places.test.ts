import { describe, expect, it } from "vitest";
import { blocksOf, placeOf, sentencesOf } from "./places";

// Blocks come from the one Markdown reader; a split on blank lines got each of these wrong.
describe("blocksOf", () => {
  it("keeps a ~~~ fence with a blank line inside as one code block", () => {
    const text = "Intro.\n\n~~~\nconst a = 1;\n\nconst b = 2;\n~~~\n\nAfter.";
    expect(blocksOf(text).map((b) => [b.kind, b.paragraph])).toEqual([
      ["prose", 1],
      ["code", 0],
      ["prose", 2],
    ]);
  });
  it("reads a list item with a second paragraph as one block", () => {
    const text = "- One point\n\n  still the first point.\n- Two.";
    expect(blocksOf(text).map((b) => b.text)).toEqual(["- One point\n\n  still the first point.", "- Two."]);
    expect(placeOf(text, text.indexOf("still"))).toBe("paragraph 1");
  });
  it("tells a heading from the line right under it", () => {
    const text = "# Why now\nBecause it is time.";
    expect(placeOf(text, text.indexOf("Because"))).toBe("paragraph 1");
    expect(sentencesOf(text).map((s) => s.text)).toEqual(["Because it is time."]);
  });
});

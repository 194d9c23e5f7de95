import { describe, expect, it } from "vitest";
import { mergeKeeping, mergeText } from "./merge-text";

const base = "# Launch plan\n\nWe ship on Monday.\n\nThe team writes the notes.";

describe("mergeText", () => {
  it("merges edits to different paragraphs", () => {
    const mine = base.replace("Monday", "Tuesday");
    const theirs = base.replace("The team", "Marcus");
    expect(mergeText(base, mine, theirs)).toEqual({
      clean: true,
      text: "# Launch plan\n\nWe ship on Tuesday.\n\nMarcus writes the notes.",
    });
  });

  it("merges edits to different words of one paragraph", () => {
    const mine = base.replace("We ship", "We finally ship");
    const theirs = base.replace("on Monday.", "on Monday morning.");
    expect(mergeText(base, mine, theirs)).toEqual({
      clean: true,
      text: "# Launch plan\n\nWe finally ship on Monday morning.\n\nThe team writes the notes.",
    });
  });

  it("keeps text both sides appended at different places", () => {
    const mine = `Intro.\n\n${base}`;
    const theirs = `${base}\n\nOutro.`;
    expect(mergeText(base, mine, theirs)).toEqual({ clean: true, text: `Intro.\n\n${base}\n\nOutro.` });
  });

  it("reports a conflict when both change the same words differently", () => {
    expect(mergeText(base, base.replace("Monday", "Tuesday"), base.replace("Monday", "Friday"))).toEqual({ clean: false, conflicts: 1 });
  });

  it("treats the same change on both sides as clean", () => {
    const both = base.replace("Monday", "Tuesday");
    expect(mergeText(base, both, both)).toEqual({ clean: true, text: both });
  });

  it("returns the only changed side when the other is the base", () => {
    const mine = base.replace("notes", "release notes");
    expect(mergeText(base, mine, base)).toEqual({ clean: true, text: mine });
    expect(mergeText(base, base, mine)).toEqual({ clean: true, text: mine });
  });
});

describe("mergeKeeping", () => {
  it("keeps the kept side's words where both touched the same words, and the rest of both", () => {
    const agent = base.replace("Monday", "Friday").replace("The team", "Our editors");
    const typed = base.replace("Monday", "Tuesday");
    expect(mergeKeeping(base, agent, typed)).toBe("# Launch plan\n\nWe ship on Tuesday.\n\nOur editors writes the notes.");
  });
});

import { describe, expect, it } from "vitest";
import { bestPassage, bodyWithoutTitle } from "./passages";

describe("a library passage", () => {
  it("never runs a line without a full stop into the paragraph after it", () => {
    const body = "Content calendars\n\nThis piece covers planning for our audience. It ends with a step.";
    expect(bestPassage(body, ["content", "planning"])).not.toMatch(/calendars This/);
  });

  it("is read from the body without its title line, plain or a heading", () => {
    expect(bodyWithoutTitle("A Guide\n\nThe text.", "A Guide")).toBe("\nThe text.");
    expect(bodyWithoutTitle("# Another heading\n\nThe text.", "A Guide")).toBe("\nThe text.");
    expect(bodyWithoutTitle("The text. More.", "A Guide")).toBe("The text. More.");
  });
});

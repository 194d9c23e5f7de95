import { describe, expect, it } from "vitest";
import { diffCounts, proposalDiff } from "./proposal-diff";

describe("proposalDiff", () => {
  it("marks removed and added words and keeps the rest", () => {
    const parts = proposalDiff("We did it in order to learn.", "We did it to learn.");
    expect(diffCounts(parts)).toEqual({ added: 0, removed: 2 });
    expect(
      parts
        .filter((p) => p.kind !== "removed")
        .map((p) => p.text)
        .join(""),
    ).toBe("We did it to learn.");
    expect(
      parts
        .filter((p) => p.kind !== "added")
        .map((p) => p.text)
        .join(""),
    ).toBe("We did it in order to learn.");
  });
  it("shortens long unchanged stretches and counts changed words", () => {
    const long = "word ".repeat(100);
    const parts = proposalDiff(`${long}old`, `${long}new`);
    expect(parts[0]).toMatchObject({ kind: "same" });
    expect(parts[0].text).toContain(" … ");
    expect(diffCounts(parts)).toEqual({ added: 1, removed: 1 });
  });
});

import { describe, expect, it } from "vitest";
import { wordsChanged } from "./word-diff";

describe("wordsChanged", () => {
  it("counts added and removed words", () => {
    expect(wordsChanged("", "one two three")).toEqual({ added: 3, removed: 0 });
    expect(wordsChanged("one two three", "one three")).toEqual({ added: 0, removed: 1 });
    expect(wordsChanged("the quick fox", "the slow fox")).toEqual({ added: 1, removed: 1 });
    expect(wordsChanged("same text", "same text")).toEqual({ added: 0, removed: 0 });
  });
});

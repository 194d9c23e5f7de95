import { describe, expect, it } from "vitest";
import { bodyMatchQuery, highlightParts, prefixToSpellOut, spelledOutQuery } from "./body-search";

describe("bodyMatchQuery", () => {
  it("makes the words one phrase with the last word a prefix", () => {
    expect(bodyMatchQuery("content  strategy")).toBe('"content strategy"*');
    expect(bodyMatchQuery('say "hi" there')).toBe('"say hi there"*');
  });
  it("does not make a one-character last word a prefix", () => {
    expect(bodyMatchQuery("Analyst's")).toBe('"Analyst s"');
    expect(bodyMatchQuery("analyst sa")).toBe('"analyst sa"*');
  });
  it("skips short terms and terms without words", () => {
    expect(bodyMatchQuery("ai")).toBeNull();
    expect(bodyMatchQuery("%%%")).toBeNull();
  });
});

describe("highlightParts", () => {
  it("marks the first place the term occurs, any case", () => {
    expect(highlightParts("The SEO Guide", "seo")).toEqual([
      { text: "The ", hit: false },
      { text: "SEO", hit: true },
      { text: " Guide", hit: false },
    ]);
  });
  it("returns the text unmarked when the term is absent", () => {
    expect(highlightParts("Plain", "zzz")).toEqual([{ text: "Plain", hit: false }]);
  });
});

describe("prefixToSpellOut and spelledOutQuery", () => {
  it("spells out an ASCII last word of 4+ characters, lower-cased as the index keeps words", () => {
    expect(prefixToSpellOut("Quarterly Road")).toBe("road");
    expect(spelledOutQuery("Quarterly Road", ["roadmap", "roads"])).toBe('"Quarterly Road" OR "Quarterly roadmap" OR "Quarterly roads"');
  });
  it("keeps the prefix where the index's own prefixes or folding apply", () => {
    expect(prefixToSpellOut("the cat")).toBeNull(); // 2- and 3-character prefixes are indexed
    expect(prefixToSpellOut("naïve café")).toBeNull(); // folded by the index's rules, not ours
    expect(prefixToSpellOut("ab")).toBeNull(); // too short for a body search
    expect(prefixToSpellOut("road x")).toBeNull(); // a 1-character last word is no prefix
  });
});

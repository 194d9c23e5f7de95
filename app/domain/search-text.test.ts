import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { foldCase, ftsPhrase, normalizeSearch, scanVariants, trigramRange, usesTrigramIndex, walkReachesPageSooner } from "./search-text";

describe("normalizeSearch", () => {
  it("trims, collapses whitespace and drops control characters", () => {
    expect(normalizeSearch("  seo \t  trends\n")).toBe("seo trends");
    expect(normalizeSearch("a\u001fb")).toBe("a b");
    expect(normalizeSearch("   ")).toBe("");
  });
  it("composes accents so ü typed either way is one character", () => {
    expect(normalizeSearch("u\u0308ber")).toBe("über");
  });
});

describe("ftsPhrase", () => {
  it("quotes the term and doubles quotes inside it", () => {
    expect(ftsPhrase('say "hi"')).toBe('"say ""hi"""');
    expect(ftsPhrase("50% off_*")).toBe('"50% off_*"');
  });
});

describe("usesTrigramIndex", () => {
  it("counts characters, not UTF-16 units", () => {
    expect(usesTrigramIndex("ab")).toBe(false);
    expect(usesTrigramIndex("abc")).toBe(true);
    expect(usesTrigramIndex("😀😀")).toBe(false);
  });
});

describe("trigramRange", () => {
  it("spans every trigram that starts with the folded term", () => {
    const [from, to] = trigramRange("Ü");
    expect(from).toBe("ü");
    for (const trigram of ["üa", "ü\u{10ffff}\u{10ffff}", "übe"]) expect(trigram >= from && trigram <= to).toBe(true);
    expect("ý" <= to && "ý" >= from).toBe(false);
  });
});

describe("scanVariants", () => {
  it("lowers ASCII and spells other letters in both cases", () => {
    expect(scanVariants("AI")).toEqual(["ai"]);
    expect(scanVariants("Üx")).toEqual(["Üx", "üx"]);
    expect(scanVariants("%_")).toEqual(["%_"]);
  });
  it("keeps one character per character (ß has no single upper case)", () => {
    expect(scanVariants("ß")).toEqual(["ß"]);
    expect(foldCase("İ")).toBe("İ");
  });
  it("gives up on long non-ASCII terms", () => {
    expect(scanVariants("ÄÖÜÉÈ")).toBeNull();
  });
  it("finds the term wherever a character-by-character case-insensitive comparison does", () => {
    // Per character, so "aΣ" contains "σ" (whole-string lower case would make it the final form "aς").
    const lower = (s: string) => [...s].map((c) => c.toLowerCase()).join("");
    const letter = fc.constantFrom("a", "B", "ü", "Ü", "é", "%", "_", "'", " ", "ß", "Σ", "σ");
    fc.assert(
      fc.property(
        fc.array(letter, { maxLength: 12 }).map((l) => l.join("")),
        fc.array(letter, { minLength: 1, maxLength: 2 }).map((l) => l.join("")),
        (text, term) => {
          const stored = text.replace(/[A-Z]/g, (c) => c.toLowerCase()); // as the database stores it: ASCII lowered
          const found = scanVariants(term)!.some((v) => stored.includes(v));
          expect(found).toBe(lower(text).includes(lower(term)));
        },
      ),
    );
  });
});

describe("walkReachesPageSooner", () => {
  it("walks for early pages of common terms and sorts for rare terms or deep pages", () => {
    expect(walkReachesPageSooner({ share: 0.2, matches: 20_000, offset: 0, limit: 12 })).toBe(true);
    expect(walkReachesPageSooner({ share: 0.02, matches: 2_000, offset: 600, limit: 12 })).toBe(false);
    expect(walkReachesPageSooner({ share: 0.1, matches: 3_000, offset: 228, limit: 12 })).toBe(true);
    expect(walkReachesPageSooner({ share: 0, matches: 10, offset: 0, limit: 12 })).toBe(false);
  });
  it("never walks to list everything", () => {
    expect(walkReachesPageSooner({ share: 1, matches: 100, offset: 0, limit: -1 })).toBe(false);
  });
});

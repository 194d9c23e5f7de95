import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  estimateFromReach,
  foldCase,
  monthToken,
  monthTokensBetween,
  ftsPhrase,
  normalizeSearch,
  scanVariants,
  trigramRange,
  usesTrigramIndex,
  walkBudget,
  walkReachesPageSooner,
} from "./search-text";

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

describe("estimateFromReach", () => {
  it("scales what was counted by how much of the id range it took", () => {
    expect(estimateFromReach(2000, 20_000, 100_000)).toBe(10_000);
    expect(estimateFromReach(2000, 100_000, 100_000)).toBe(2000);
  });
  it("never says fewer than were counted", () => {
    fc.assert(
      fc.property(fc.nat(5000), fc.integer({ min: -10, max: 200_000 }), fc.nat(200_000), (counted, reach, items) => {
        expect(estimateFromReach(counted, reach, items)).toBeGreaterThanOrEqual(counted);
      }),
    );
  });
});

describe("walkBudget", () => {
  it("reads four times the predicted items, at least to the page's end, at most all", () => {
    expect(walkBudget({ offset: 228, limit: 12, items: 100_000, matches: 5_000 })).toBe(19_200);
    expect(walkBudget({ offset: 0, limit: 12, items: 100, matches: 1e9 })).toBe(12);
    expect(walkBudget({ offset: 0, limit: 12, items: 100, matches: 1 })).toBe(100);
  });
});

describe("monthToken", () => {
  it("is one private-use character per month since January 2000", () => {
    expect(monthToken("2000-01-15T00:00:00.000+00:00").charCodeAt(0)).toBe(62000);
    expect(monthToken("2026-11-26T08:35:17.141+00:00").charCodeAt(0)).toBe(62000 + 26 * 12 + 10);
    expect(monthToken("1999-12-31T23:00:00.000+00:00").charCodeAt(0)).toBe(62000); // kept within its range
  });
  it("lists the months between two dates, both included", () => {
    expect(monthTokensBetween("2026-09-25T17:23:05.331+00:00", "2026-11-26T08:35:17.141+00:00")).toEqual(
      [62320, 62321, 62322].map((c) => String.fromCharCode(c)),
    );
    expect(monthTokensBetween("2026-11-01T00:00:00.000+00:00", "2026-11-30T00:00:00.000+00:00")).toHaveLength(1);
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";

/** Hundreds of generated cases take a few seconds on a loaded machine; this is no timing assertion. */
const PROPERTY_TIMEOUT = 30_000;
import { paletteFor, socialCardSvg, TONE_PALETTES, wrapTitle } from "./social-card";
import { xmlText } from "./svg-text";

const tone = (id: string) => ({ id, name: id[0].toUpperCase() + id.slice(1) });

/**
 * A strict little well-formedness check for the SVG we write: tags balance, attributes are quoted,
 * every & starts a known entity, no raw < or > in text, only XML-legal characters.
 */
function wellFormedXml(xml: string): string[] {
  const problems: string[] = [];
  const stack: string[] = [];
  const parts = xml.split(/(<[^>]*>)/);
  for (const part of parts) {
    if (part.startsWith("<")) {
      const m = /^<(\/?)([a-zA-Z][\w:-]*)((?:\s+[\w:-]+="[^"<&]*(?:&(?:amp|lt|gt|quot|#39);[^"<&]*)*")*)\s*(\/?)>$/.exec(part);
      if (!m) problems.push(`bad tag ${part}`);
      else if (m[1]) {
        if (stack.pop() !== m[2]) problems.push(`unbalanced </${m[2]}>`);
      } else if (!m[4]) stack.push(m[2]);
    } else {
      if (/[<>]/.test(part)) problems.push(`raw bracket in ${part}`);
      if (/&(?!(amp|lt|gt|quot|#39);)/.test(part)) problems.push(`bare & in ${part}`);
    }
  }
  if (stack.length) problems.push(`unclosed ${stack.join(",")}`);
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/u.test(xml)) problems.push("illegal character");
  if (/[\ud800-\udfff]/u.test(xml)) problems.push("lone surrogate"); // with the u flag only unpaired halves match
  return problems;
}

describe("socialCardSvg", () => {
  it("keeps a hostile title as inert text in valid SVG", () => {
    const title = `<script>alert("x")</script> & Co's "best" </text><image href="https://evil.test/x.png"/>\u0001`;
    const svg = socialCardSvg({ title, type: "blog", tone: tone("witty") });
    expect(wellFormedXml(svg)).toEqual([]);
    expect(svg).not.toMatch(/<script|<image|href="/i);
    expect(svg).toContain("&lt;script&gt;");
    expect(svg).toContain("&amp; Co&#39;s &quot;best&quot;");
    expect(svg.match(/<svg /g)).toHaveLength(1);
  });
  it(
    "is well-formed for any title, type and tone name",
    () => {
      fc.assert(
        fc.property(
          fc.string({ maxLength: 300 }),
          fc.string({ unit: "binary", maxLength: 120 }),
          fc.string({ maxLength: 20 }),
          fc.string({ maxLength: 30 }),
          (a, b, type, toneName) => {
            const svg = socialCardSvg({ title: a + b, type, tone: { id: "casual", name: toneName } });
            expect(wellFormedXml(svg)).toEqual([]);
          },
        ),
        { numRuns: 300 },
      );
    },
    PROPERTY_TIMEOUT,
  );
  it("shows the content type and the brand tone's colours", () => {
    const svg = socialCardSvg({ title: "Hello", type: "article", tone: tone("friendly"), brand: "Brightpath Marketing" });
    expect(svg).toContain(">ARTICLE</text>");
    expect(svg).toContain(TONE_PALETTES.friendly.from);
    expect(svg).toContain("Brightpath Marketing · Friendly");
    // The team's name, never the product's; without one, only the tone.
    const unnamed = socialCardSvg({ title: "Hello", type: "article", tone: tone("friendly") });
    expect(unnamed).toContain(">Friendly</text>");
    expect(unnamed).not.toContain("Content Studio");
    expect(Object.keys(TONE_PALETTES)).toEqual(["professional", "friendly", "witty", "inspirational", "casual"]);
    expect(paletteFor("unknown")).toBe(TONE_PALETTES.professional);
  });
});

describe("wrapTitle", () => {
  it("wraps on spaces within the width and ends a cut title with an ellipsis", () => {
    // "aaaa" is 4 × 0.56 em and a space 0.3 em, so two words (4.78 em) fit in 5 em, three do not.
    expect(wrapTitle("aaaa aaaa aaaa aaaa aaaa", 5)).toEqual(["aaaa aaaa", "aaaa aaaa", "aaaa"]);
    const lines = wrapTitle("word ".repeat(60), 10, 3);
    expect(lines).toHaveLength(3);
    expect(lines[2].endsWith("…")).toBe(true);
  });
  it("breaks a word longer than a line between graphemes, never inside an emoji", () => {
    const lines = wrapTitle("👩‍👩‍👧".repeat(30), 5, 10);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.every((l) => l.replaceAll("👩‍👩‍👧", "").replace("…", "") === "")).toBe(true);
  });
});

describe("xmlText", () => {
  it("escapes markup and drops characters XML forbids", () => {
    expect(xmlText(`<a href="x">&'</a>\u0000\ud800`)).toBe("&lt;a href=&quot;x&quot;&gt;&amp;&#39;&lt;/a&gt;");
  });
});

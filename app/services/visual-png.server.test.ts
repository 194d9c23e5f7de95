import { describe, expect, it } from "vitest";
import { CARD_SIZES, socialCardSvg, type CardSize } from "~/domain/social-card";
import { drawnBox, svgToPng } from "./visual-png.server";

const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });
const tone = { id: "professional", name: "Professional" };
const LONG =
  "The Complete, Unabridged Field Guide to Measuring Content Marketing Return on Investment Across Every Channel Your Team Publishes To";

/** Only the title's lines, in an empty SVG of the card's size, so their drawn box is the title's. */
function titleOnly(svg: string, size: CardSize) {
  const { width, height } = CARD_SIZES[size];
  const lines = svg.match(/<text [^>]*font-weight="800"[^>]*>[^<]*<\/text>/g) ?? [];
  return { lines, svg: `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${lines.join("")}</svg>` };
}

describe("social cards as PNG", () => {
  it.each(["link", "square"] as const)("renders the %s card at its size with the bundled font", (size) => {
    const png = svgToPng(socialCardSvg({ title: "Hello", type: "blog", tone, brand: "Brightpath", size }));
    expect(png.subarray(1, 4).toString()).toBe("PNG");
    expect(pngSize(png)).toEqual(CARD_SIZES[size]);
  });

  it.each(["link", "square"] as const)("keeps a long title inside the %s card, wrapped and shrunk", (size) => {
    const svg = socialCardSvg({ title: LONG, type: "blog", tone, size });
    const { lines, svg: title } = titleOnly(svg, size);
    expect(lines.length).toBeGreaterThan(1);
    if (size === "link") expect(svg).not.toContain('font-size="64"'); // shrunk from the largest size
    const box = drawnBox(title)!;
    expect(box.x).toBeGreaterThanOrEqual(79);
    expect(box.x + box.width).toBeLessThanOrEqual(CARD_SIZES[size].width - 80);
  });

  it("keeps long unbroken words and wide scripts inside too", () => {
    for (const title of [
      "Supercalifragilisticexpialidocious".repeat(3),
      "コンテンツマーケティングの投資対効果を測る完全ガイド",
      "WWWWWWWW MMMMMMMM WWWWWWWW MMMMMMMM",
    ]) {
      const { svg } = titleOnly(socialCardSvg({ title, type: "blog", tone }), "link");
      const box = drawnBox(svg)!;
      expect(box.x + box.width, title).toBeLessThanOrEqual(1200 - 80);
    }
  });
});

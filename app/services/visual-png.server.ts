// Social cards as PNG (X, LinkedIn and Instagram take no SVG), rendered in process by resvg with the
// font shipped in assets/fonts: nothing is downloaded and no system font is needed.
import { Resvg } from "@resvg/resvg-js";
import path from "node:path";

export const CARD_FONT = path.resolve("assets/fonts/DejaVuSans-Bold.ttf");

const options = {
  font: { loadSystemFonts: false, fontFiles: [CARD_FONT], defaultFontFamily: "DejaVu Sans" },
  background: "#ffffff",
};

export function svgToPng(svg: string): Buffer {
  return new Resvg(svg, options).render().asPng();
}

/** The drawn extent of an SVG's content (for the tests: does the title stay inside the card?). */
export function drawnBox(svg: string) {
  return new Resvg(svg, options).getBBox();
}

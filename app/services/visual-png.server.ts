// Social cards as PNG (X, LinkedIn and Instagram take no SVG), or JPEG for Instagram (which takes
// nothing else), rendered in process by resvg with the font shipped in assets/fonts: nothing is
// downloaded and no system font is needed. jpeg-js encodes resvg's pixels (pure JavaScript).
import { Resvg } from "@resvg/resvg-js";
import jpeg from "jpeg-js";
import path from "node:path";
import { socialCardSvg } from "~/domain/social-card";
import { getBrandVoice } from "~/models/assistant.server";
import { channelSettings } from "~/models/channel-post.server";
import { getVisualSource } from "~/models/visual.server";

export const CARD_FONT = path.resolve("assets/fonts/DejaVuSans-Bold.ttf");

const options = {
  font: { loadSystemFonts: false, fontFiles: [CARD_FONT], defaultFontFamily: "DejaVu Sans" },
  background: "#ffffff",
};

export function svgToPng(svg: string): Buffer {
  return new Resvg(svg, options).render().asPng();
}

/** The card as a JPEG (quality 90; the card is opaque, so nothing is lost with the alpha). */
export function svgToJpeg(svg: string): Buffer {
  const image = new Resvg(svg, options).render();
  return Buffer.from(jpeg.encode({ data: image.pixels, width: image.width, height: image.height }, 90).data);
}

/** The drawn extent of an SVG's content (for the tests: does the title stay inside the card?). */
export function drawnBox(svg: string) {
  return new Resvg(svg, options).getBBox();
}

/** A stored visual as a PNG card (1200×630, or Instagram's 1080×1080), signed with the team's name; null when missing. */
export async function visualPng(visualId: string, size: "link" | "square" = "link") {
  const card = await visualCard(visualId, size, "png");
  return card && { png: card.bytes, title: card.title, contentId: card.contentId };
}

/** A stored visual's card as PNG or JPEG (what Instagram takes), signed with the team's name; null when missing. */
export async function visualCard(visualId: string, size: "link" | "square", format: "png" | "jpeg") {
  const encode = format === "jpeg" ? svgToJpeg : svgToPng;
  const visual = await getVisualSource(visualId);
  if (!visual) return null;
  const [{ tone }, { teamName }] = await Promise.all([getBrandVoice(), channelSettings()]);
  const bytes = encode(
    socialCardSvg({
      title: visual.content.title,
      type: visual.content.type,
      tone: { id: visual.tone, name: visual.tone === tone.id ? tone.name : visual.tone[0].toUpperCase() + visual.tone.slice(1) },
      brand: teamName,
      size,
    }),
  );
  return { bytes, title: visual.content.title, contentId: visual.contentId };
}

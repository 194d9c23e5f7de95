import { typeLabel } from "./content";
import { xmlText } from "./svg-text";

/** A card's colours: a gradient, an accent and the text colour, one palette per brand tone. */
export interface CardPalette {
  from: string;
  to: string;
  accent: string;
  text: string;
}

// Every gradient keeps white text above 4.5:1 contrast.
export const TONE_PALETTES: Record<string, CardPalette> = {
  professional: { from: "#0f172a", to: "#1e3a8a", accent: "#38bdf8", text: "#ffffff" },
  friendly: { from: "#9a3412", to: "#c2410c", accent: "#fde68a", text: "#ffffff" },
  witty: { from: "#6d28d9", to: "#be185d", accent: "#fde047", text: "#ffffff" },
  inspirational: { from: "#065f46", to: "#155e75", accent: "#fcd34d", text: "#ffffff" },
  casual: { from: "#075985", to: "#0f766e", accent: "#a7f3d0", text: "#ffffff" },
};

export const paletteFor = (toneId: string): CardPalette => TONE_PALETTES[toneId] ?? TONE_PALETTES.professional;

/** The open-graph size every platform shows uncropped. */
export const CARD = { width: 1200, height: 630 } as const;
const TITLE = { size: 64, lineHeight: 78, maxLines: 4, width: 1040, top: 250 } as const;

const graphemes = new Intl.Segmenter("en", { granularity: "grapheme" });
const WIDE = /[\p{Extended_Pictographic}\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u;

/** Estimated width in ems, bold sans-serif: wide (CJK, emoji) 1, m/w 0.85, capitals 0.68, narrow marks 0.3, else 0.56. */
function emWidth(text: string): number {
  let width = 0;
  for (const { segment } of graphemes.segment(text)) {
    if (WIDE.test(segment)) width += 1;
    else if (/[il.,:;'!|ḷ ]/u.test(segment)) width += 0.3;
    else if (/[mwMW@]/u.test(segment)) width += 0.85;
    else if (/\p{Lu}/u.test(segment)) width += 0.68;
    else width += 0.56;
  }
  return width;
}

/** Splits a word too long for one line into whole graphemes that fit. */
function breakWord(word: string, maxEm: number): string[] {
  const parts: string[] = [];
  let part = "";
  let width = 0;
  for (const { segment } of graphemes.segment(word)) {
    const w = emWidth(segment);
    if (part && width + w > maxEm) {
      parts.push(part);
      part = "";
      width = 0;
    }
    part += segment;
    width += w;
  }
  return part ? [...parts, part] : parts;
}

const SPACE_EM = emWidth(" ");

/** The title in lines that fit the card; the last line ends with "…" when the title is longer. */
export function wrapTitle(title: string, maxEm = TITLE.width / TITLE.size, maxLines: number = TITLE.maxLines): string[] {
  const words = title
    .split(/\s+/u)
    .filter(Boolean)
    .flatMap((w) => (emWidth(w) > maxEm ? breakWord(w, maxEm) : [w]));
  const lines: string[] = [];
  let line = "";
  let width = 0;
  for (const word of words) {
    const w = emWidth(word);
    if (line && width + SPACE_EM + w > maxEm) {
      lines.push(line);
      if (lines.length > maxLines) break; // enough to know the title is cut
      line = word;
      width = w;
    } else {
      line = line ? `${line} ${word}` : word;
      width = line === word ? w : width + SPACE_EM + w;
    }
  }
  if (line && lines.length <= maxLines) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  let last = `${kept[maxLines - 1]}…`;
  while (emWidth(last) > maxEm && last.includes(" ")) last = `${last.slice(0, last.lastIndexOf(" "))}…`;
  kept[maxLines - 1] = last;
  return kept;
}

export interface CardInput {
  title: string;
  type: string;
  tone: { id: string; name: string };
  /** The team's name (Settings); left out when empty. */
  brand?: string;
  /** "link": 1200×630 for link previews; "square": 1080×1080 for Instagram. */
  size?: CardSize;
}

export type CardSize = "link" | "square";
export const CARD_SIZES: Record<CardSize, { width: number; height: number }> = {
  link: CARD,
  square: { width: 1080, height: 1080 },
};

/** Title sizes tried largest first; the first at which the whole title fits is used. */
const TITLE_SIZES = [64, 56, 48, 42, 36] as const;
/** The estimate in emWidth is for a typical sans; the bundled bold face runs up to this much wider. */
const FACE_WIDTH = 1.2;

/** The largest title size at which the title fits without "…", and its lines (cut at the smallest size otherwise). */
export function fitTitle(title: string, width: number, maxLines: number): { size: number; lines: string[] } {
  for (const size of TITLE_SIZES) {
    const lines = wrapTitle(title, width / size / FACE_WIDTH, maxLines);
    if (!lines.at(-1)?.endsWith("…") || size === TITLE_SIZES.at(-1)) return { size, lines };
  }
  throw new Error("unreachable");
}

/**
 * A branded social card as a standalone SVG: tone colours, the content type, the title wrapped and
 * shrunk to fit. Every piece of text goes through xmlText, so a title cannot add markup or break the XML.
 */
export function socialCardSvg({ title, type, tone, brand = "", size = "link" }: CardInput): string {
  const p = paletteFor(tone.id);
  const { width: W, height: H } = CARD_SIZES[size];
  const square = size === "square";
  const textWidth = W - 160;
  const maxLines = square ? 7 : TITLE.maxLines;
  const { size: fontSize, lines } = fitTitle(title.trim() || "Untitled", textWidth, maxLines);
  const lineHeight = Math.round(fontSize * 1.22);
  const top = square ? 300 : TITLE.top;
  const label = xmlText(typeLabel(type).toLocaleUpperCase());
  const labelWidth = Math.round(emWidth(label) * 22 * FACE_WIDTH + 48);
  const font = `font-family="system-ui, -apple-system, 'Segoe UI', Roboto, 'DejaVu Sans', sans-serif"`;
  const titleText = lines
    .map(
      (l, i) =>
        `<text x="80" y="${top + i * lineHeight}" font-size="${fontSize}" font-weight="800" fill="${p.text}" ${font}>${xmlText(l)}</text>`,
    )
    .join("");
  const footer = [brand.trim(), tone.name].filter(Boolean).map(xmlText).join(" · ");
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" role="img">`,
    `<title>${xmlText(title)}</title>`,
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.from}"/><stop offset="1" stop-color="${p.to}"/></linearGradient></defs>`,
    `<rect width="${W}" height="${H}" fill="url(#bg)"/>`,
    `<circle cx="${W - 110}" cy="90" r="220" fill="${p.accent}" fill-opacity="0.12"/><circle cx="${W - 50}" cy="${H - 70}" r="140" fill="#ffffff" fill-opacity="0.06"/>`,
    `<rect x="80" y="96" width="${labelWidth}" height="48" rx="24" fill="${p.accent}"/>`,
    `<text x="${80 + labelWidth / 2}" y="128" text-anchor="middle" font-size="22" font-weight="700" letter-spacing="2" fill="${p.from}" ${font}>${label}</text>`,
    titleText,
    `<rect x="80" y="${H - 90}" width="64" height="6" rx="3" fill="${p.accent}"/>`,
    `<text x="80" y="${H - 46}" font-size="26" font-weight="600" fill="${p.text}" fill-opacity="0.85" ${font}>${footer}</text>`,
    `</svg>`,
  ].join("");
}

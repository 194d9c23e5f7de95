import { graphemesOf } from "./segments";
import { PLATFORMS, type Platform } from "./types";

/**
 * Each platform's caption limit, in that platform's own units (see captionLength):
 * - X (Twitter): 280 weighted characters per post.
 * - LinkedIn: 3,000 characters per post.
 * - Facebook: 63,206 characters per post.
 * - Instagram: 2,200 characters per caption (and at most 30 hashtags).
 */
export const PLATFORM_LIMITS: Record<Platform, number> = {
  twitter: 280,
  linkedin: 3000,
  facebook: 63206,
  instagram: 2200,
};

export const PLATFORM_LABELS: Record<Platform, string> = {
  twitter: "X (Twitter)",
  linkedin: "LinkedIn",
  facebook: "Facebook",
  instagram: "Instagram",
};

/** Instagram refuses a caption with more than 30 hashtags. */
export const INSTAGRAM_HASHTAG_MAX = 30;

export function isPlatform(value: unknown): value is Platform {
  return typeof value === "string" && (PLATFORMS as readonly string[]).includes(value);
}

export const unknownPlatformMessage = (value: string) =>
  `“${value.slice(0, 40)}” is not a platform we write captions for. Choose one of: ${PLATFORMS.map((p) => PLATFORM_LABELS[p]).join(", ")}.`;

/** X shortens every link to 23 characters, whatever its length. */
export const X_LINK_LENGTH = 23;
// A link runs over ASCII and Latin letters; an emoji or CJK right after it is not part of it.
const LINK = /\bhttps?:\/\/[!-~\u00c0-\u024f]+|\bwww\.[!-~\u00c0-\u024f]+/giu;
const EMOJI = /\p{Extended_Pictographic}|\p{Regional_Indicator}/u;

/** X's weighting: Latin, common punctuation and the like count 1, other scripts (CJK…) 2, an emoji 2. */
function xWeight(grapheme: string): number {
  if (EMOJI.test(grapheme)) return 2;
  let weight = 0;
  for (const char of grapheme) {
    const code = char.codePointAt(0)!;
    const light =
      code <= 0x10ff || (code >= 0x2000 && code <= 0x200d) || (code >= 0x2010 && code <= 0x201f) || (code >= 0x2032 && code <= 0x2037);
    weight += light ? 1 : 2;
  }
  return weight;
}

function xLength(text: string): number {
  let length = 0;
  let last = 0;
  const normalized = text.normalize("NFC");
  for (const link of normalized.matchAll(LINK)) {
    length += weighOutside(normalized.slice(last, link.index)) + X_LINK_LENGTH;
    last = link.index! + link[0].length;
  }
  return length + weighOutside(normalized.slice(last));
}

function weighOutside(text: string): number {
  let length = 0;
  for (const { segment } of graphemesOf(text)) length += xWeight(segment);
  return length;
}

/**
 * The length as the platform's composer counts it. X weighs characters (above); LinkedIn,
 * Facebook and Instagram count like their web text boxes do, in UTF-16 units, so an emoji counts
 * 2 there too. Links and hashtags count like any other text, except on X where a link is 23.
 */
export function captionLength(text: string, platform: Platform): number {
  return platform === "twitter" ? xLength(text) : text.length;
}

import { articleText } from "../markdown";
import { captionLength, INSTAGRAM_HASHTAG_MAX, PLATFORM_LIMITS } from "./caption-length";
import { truncateToFit } from "./fit-text";
import type { CaptionRequest, Platform } from "./types";

/** How many hashtags read well on each platform (Instagram allows up to 30). */
export const HASHTAG_COUNT: Record<Platform, number> = {
  twitter: 3,
  linkedin: 5,
  facebook: 3,
  instagram: Math.min(10, INSTAGRAM_HASHTAG_MAX),
};
/** How many of the article's opening sentences lead the caption. */
const LEAD_SENTENCES: Record<Platform, number> = { twitter: 1, linkedin: 3, facebook: 2, instagram: 2 };
/** A lead cut shorter than this reads as noise, so the closer and extra hashtags give way first. */
const MIN_LEAD = 60;

const sentenceSegmenter = new Intl.Segmenter("en", { granularity: "sentence" });
// Characters XML and most composers reject (controls other than tab and newline).
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/gu;

const oneLine = (text: string) => text.replace(CONTROL, "").replace(/\s+/gu, " ").trim();

/** "content marketing" → "#ContentMarketing", "data-driven" → "#DataDriven", "seo" → "#seo"; null for "2026" or "!!". */
export function toHashtag(raw: string): string | null {
  const words = raw.split(/[^\p{L}\p{M}\p{N}_]+/u).filter(Boolean);
  if (words.length === 0) return null;
  const joined = words.length === 1 ? words[0] : words.map((w) => w[0].toLocaleUpperCase() + w.slice(1)).join("");
  if (/^[\p{N}_]+$/u.test(joined)) return null; // platforms do not link all-digit tags
  return `#${joined}`;
}

/** Topic hashtags from the item's tags, without repeats (ignoring case), as many as the platform takes. */
export function captionHashtags(tags: string[], platform: Platform): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of tags) {
    const tag = toHashtag(raw);
    if (!tag || seen.has(tag.toLocaleLowerCase())) continue;
    seen.add(tag.toLocaleLowerCase());
    out.push(tag);
  }
  return out.slice(0, HASHTAG_COUNT[platform]);
}

/** A campaign's name from a brief's title, for its hashtag: a short title, or the short part before a colon. */
export function campaignOf(title: string): string[] {
  const short = (t: string) => t.trim() && t.trim().split(/\s+/).length <= 3;
  const head = title.split(":")[0];
  return isPlaceholderTitle(title) ? [] : short(title) ? [title] : short(head) ? [head] : [];
}

/** Article text without Markdown marks, as paragraphs; the title line is skipped if the body repeats it. */
function paragraphs(title: string, body: string): string[] {
  // The one Markdown reader (markdown.ts): marks go, the writer's characters stay ("snake_case", "~300").
  const plain = articleText(body.replace(CONTROL, "")).split("\n\n").map(oneLine).filter(Boolean);
  if (plain[0]?.toLocaleLowerCase() === oneLine(title).toLocaleLowerCase()) plain.shift();
  return plain;
}

/** More article text than any lead needs; a longer opening is cut on a word boundary first. */
export const LEAD_SCAN = 4000;

/** The Markdown a lead is read from: about twice LEAD_SCAN, ended at a blank line where there is one (a mark is not split). */
function openingOf(body: string): string {
  if (body.length <= LEAD_SCAN * 2) return body;
  const head = body.slice(0, LEAD_SCAN * 2);
  const end = head.lastIndexOf("\n\n");
  return end > 0 ? head.slice(0, end) : head;
}

/** The article's first sentences: what a reader meets first. */
export function leadOf(title: string, body: string, sentences: number): string {
  const opening = paragraphs(title, openingOf(body)).join(" ");
  const text = truncateToFit(opening, (t) => t.length <= LEAD_SCAN);
  const lead: string[] = [];
  for (const { segment } of sentenceSegmenter.segment(text)) {
    if (lead.length >= sentences) break;
    if (segment.trim()) lead.push(segment.trim());
  }
  return lead.join(" ");
}

/** "Untitled blog post" and the like: the editor's placeholder, never worth posting. */
export const isPlaceholderTitle = (title: string) => !title.trim() || /^untitled\b/i.test(title.trim());

const asSentence = (title: string) => (/[.!?…]$/u.test(title) ? title : `${title}.`);

/** The tone's wording around the lead: an opening line with the title and a closing call to read. */
export function toneFrame(toneId: string, title: string): { opener: string; closer: string } {
  switch (toneId) {
    case "friendly":
      return {
        opener: `We just published “${title}” and we'd love for you to read it 😊`,
        closer: "What do you think? Tell us in the comments!",
      };
    case "witty":
      return { opener: `Hot take incoming: ${asSentence(title)}`, closer: "Read it before your competitors do. You're welcome." };
    case "inspirational":
      return { opener: `✨ ${asSentence(title)}`, closer: "Your next step starts today." };
    case "casual":
      return { opener: `So, ${asSentence(title)}`, closer: "Worth a read, honestly." };
    default: // professional, and any tone added later
      return { opener: asSentence(title), closer: "Read the full piece for the details." };
  }
}

/**
 * The built-in caption: the tone's opener with the title, the article's lead, the tone's closer and
 * hashtags. When that is over the platform's limit, the lead is cut on a word boundary with "…";
 * then the closer, extra hashtags and the opener give way, in that order.
 */
export function localCaption(request: CaptionRequest): string {
  const { platform } = request;
  // A placeholder title says nothing to a reader: the caption starts with the lead instead.
  const title = isPlaceholderTitle(request.title) ? "" : oneLine(request.title);
  const lead = leadOf(title, request.body, LEAD_SENTENCES[platform]);
  const frame = toneFrame(request.voice.tone.id, title);
  const opener = title ? frame.opener : "";
  const closer = frame.closer;
  // Topic hashtags come from the item's tags; brand keywords are for the voice score, not for hashtags.
  const tags = captionHashtags(request.tags, platform);
  const gap = platform === "twitter" ? " " : "\n\n";
  const build = (o: string, l: string, c: string, t: string[]) => [o, l, c, t.join(" ")].filter(Boolean).join(gap);
  const fits = (text: string) => captionLength(text, platform) <= PLATFORM_LIMITS[platform];

  const attempts: Array<[string, string, string[]]> = [
    [opener, closer, tags],
    [opener, "", tags],
    [opener, "", tags.slice(0, 2)],
    [title, "", tags.slice(0, 1)],
  ];
  for (const [i, [o, c, t]] of attempts.entries()) {
    if (!fits(build(o, "", c, t))) continue;
    const kept = lead ? truncateToFit(lead, (l) => fits(build(o, l, c, t))) : "";
    const last = i === attempts.length - 1;
    if (kept.length >= Math.min(lead.length, MIN_LEAD) || (last && kept)) return build(o, kept, c, t);
  }
  return fitCaption(build(title, lead, "", []), platform);
}

/** Any caption (the built-in one or a model's) cut to the platform's limit on a word boundary. */
export function fitCaption(text: string, platform: Platform): string {
  return truncateToFit(text.trim(), (t) => captionLength(t, platform) <= PLATFORM_LIMITS[platform]);
}

import { TYPE_LABELS } from "../content";
import { PLATFORM_LABELS, PLATFORM_LIMITS } from "./caption-length";
import { DRAFT_PLATFORM } from "./draft-platform";
import type { BrandVoice, DraftRequest } from "./types";

/** Creativity Level → sampling temperature. */
export const CREATIVITY_TEMPERATURE: Record<string, number> = { Conservative: 0.2, Balanced: 0.6, Creative: 0.9, Experimental: 1.2 };

export function temperatureFor(voice: BrandVoice): number {
  return CREATIVITY_TEMPERATURE[voice.creativity] ?? 0.6;
}

/** The system message every generating call carries: who we are and how we sound. */
export function brandSystemPrompt(voice: BrandVoice): string {
  return [
    "You are the writing assistant of a marketing team's content studio.",
    `Brand tone: ${voice.tone.name}${voice.tone.description ? ` (${voice.tone.description})` : ""}.`,
    voice.keywords.length ? `Brand keywords to use where they fit naturally: ${voice.keywords.join(", ")}.` : "",
    voice.guidelines.trim() ? `Content guidelines you must follow:\n${voice.guidelines.trim()}` : "",
    "Answer with the text only: no preamble, no notes, no quotation marks around it.",
  ]
    .filter(Boolean)
    .join("\n");
}

export function enhanceMessages(text: string, voice: BrandVoice) {
  return [
    { role: "system" as const, content: brandSystemPrompt(voice) },
    {
      role: "user" as const,
      content: `Improve this text in the brand voice. Keep its meaning, facts, structure and length; fix wordy phrasing, passive voice and weak words.\n\n${text}`,
    },
  ];
}

export function draftMessages(request: DraftRequest) {
  const platform = request.platform ?? DRAFT_PLATFORM[request.type];
  if (platform)
    return [
      { role: "system" as const, content: brandSystemPrompt(request.voice) },
      {
        role: "user" as const,
        content: `Write one ${PLATFORM_LABELS[platform]} post (at most ${PLATFORM_LIMITS[platform]} characters, no headings) about “${request.title}” from this brief.\n\nBrief:\n${request.brief}`,
      },
    ];
  const sources = request.sources ?? [];
  const library = sources.length
    ? `\n\nPassages from our published library you may quote, with a Markdown link to the source:\n${sources.map((s) => `- “${s.passage}” (${s.title}, ${s.href})`).join("\n")}`
    : "";
  return [
    { role: "system" as const, content: brandSystemPrompt(request.voice) },
    {
      role: "user" as const,
      content: `Write a ${TYPE_LABELS[request.type].toLowerCase()} titled “${request.title}” from this brief. Start with the title as a heading line.\n\nBrief:\n${request.brief}${library}`,
    },
  ];
}

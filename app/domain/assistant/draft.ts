import { TYPE_LABELS, type ContentType } from "../content";
import { words } from "../text-stats";
import type { BrandVoice } from "./types";

interface ToneVoice {
  opener: (title: string) => string;
  closer: string;
  heading: (point: string) => string;
}

/** How each tone opens, frames a section and signs off. */
const TONES: Record<string, ToneVoice> = {
  professional: {
    opener: (t) => `This ${"piece"} sets out ${t.toLowerCase()}: the context, what the evidence shows, and the steps to take.`,
    closer: "Next step: agree on owners and measures, and review the results in a month.",
    heading: (p) => p,
  },
  friendly: {
    opener: (t) => `Let's talk about ${t.toLowerCase()}. We've pulled together what we've learned so you can put it to work right away.`,
    closer: "We'd love to hear how it goes for you, so share your thoughts with us!",
    heading: (p) => p,
  },
  witty: {
    opener: (t) => `${t}? Stick around: it's less dull than it sounds, we promise.`,
    closer: "Still here? Then you're ready. Go make it happen (and maybe grab a coffee first).",
    heading: (p) => `${p} (yes, really)`,
  },
  inspirational: {
    opener: (t) => `Imagine what becomes possible when you get ${t.toLowerCase()} right.`,
    closer: "The future belongs to teams who start today. Take the first step now.",
    heading: (p) => p,
  },
  casual: {
    opener: (t) => `So, ${t.toLowerCase()}. Here's the deal, no fluff.`,
    closer: "That's pretty much it. Give it a go and see what sticks.",
    heading: (p) => p,
  },
};

const sentencesOf = (text: string) =>
  text
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) => s.trim())
    .filter((s) => words(s).length > 0);
const upperFirst = (s: string) => s[0].toUpperCase() + s.slice(1);
const asHeading = (sentence: string) => upperFirst(words(sentence).slice(0, 8).join(" "));

/**
 * The built-in draft: an outline from the brief in the chosen tone. Each sentence of the brief becomes a
 * section (heading from its first words, the sentence itself as the starting paragraph); brand keywords
 * the brief does not mention are offered as a closing angle.
 */
export function draftLocal(request: { title: string; brief: string; type: ContentType; voice: BrandVoice }): string {
  const tone = TONES[request.voice.tone.id] ?? TONES.professional;
  const points = sentencesOf(request.brief).slice(0, 6);
  const sections = points.map(
    (p) => `## ${tone.heading(asHeading(p))}\n\n${upperFirst(p)}${/[.!?]$/.test(p) ? "" : "."} [Add an example, a figure and its source.]`,
  );
  const unused = request.voice.keywords.filter((k) => !request.brief.toLowerCase().includes(k.toLowerCase()));
  const angle = unused.length ? `\n\n## Where we stand\n\nShow how this is ${unused.slice(0, 3).join(", ")}.` : "";
  const kind = TYPE_LABELS[request.type] ?? "Article";
  return `# ${request.title}\n\n${tone.opener(request.title)}\n\n${sections.join("\n\n") || `## Outline\n\n[${kind}: describe the reader's problem, then the answer.]`}${angle}\n\n${tone.closer}`;
}

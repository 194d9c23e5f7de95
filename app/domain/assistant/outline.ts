// AI Draft without a model: an outline, never prose. Every sentence in it is the brief's own (quoted),
// a passage from the team's published library (quoted and linked), or one of the writer's notes below.
// The writer writes the piece; a model, once connected, can write a full draft (decision 038).
import { listItems } from "./brief";
import { startsWithVerb } from "./pos";
import type { BrandVoice, LibrarySource, Platform } from "./types";
import { CLAIM_TERMS } from "./claims";
import { PLATFORM_LABELS, PLATFORM_LIMITS } from "./caption-length";

/** The label every outline carries, first thing under its title. */
export const OUTLINE_LABEL = "Outline, not a finished text.";
/** How each of the writer's notes starts: the reviewer and the score recognise an outline by these. */
export const NOTE = "Writer's note:";

/** The label's whole paragraph: what this is, what to do, and how to get a full draft. */
export const OUTLINE_HELP = `> **${OUTLINE_LABEL}** The built-in assistant writes no sentences for you: below are the brief's points as sections, related passages from the team's library and notes on what each section should say. Write each section in your own words and delete the notes. For a full draft, connect a model in Settings › AI Agents (an OpenAI-compatible server or a local Ollama).`;

/** The notes an outline may hold: fixed wording around the brief's own phrases (the provenance test reads these). */
export const NOTES = {
  open: (sentence: string) => `${NOTE} open as the brief asks: “${sentence}.”`,
  asks: (sentence: string) => `${NOTE} the brief asks: “${sentence}.”`,
  point: (point: string, audience: string) => `${NOTE} say what “${lowerFirst(point)}” means for ${audience}, with figures you can check.`,
  question: (point: string) => `${NOTE} answer this from what you know first-hand: ${lowerFirst(point)}.`,
  close: (sentence: string) => `${NOTE} close as the brief asks: “${sentence}.”`,
  passage: () => `${NOTE} a related passage from the team's library, to quote or link to:`,
  more: () => `${NOTE} more related passages from the team's library:`,
  keywords: (list: string) => `${NOTE} brand keywords to work in only where the text shows them: ${list}.`,
  claims: (list: string) => `${NOTE} ${list} claim what a reader cannot check: use them only beside a figure or a source.`,
  post: (platform: string, limit: number) => `${NOTE} one ${platform} post of at most ${limit} characters, making these points:`,
} as const;

const upperFirst = (s: string) => (s ? s[0].toUpperCase() + s.slice(1) : s);
const lowerFirst = (s: string) => (/^[A-Z][a-z]/.test(s) && !/^(I|AI)\b/.test(s) ? s[0].toLowerCase() + s.slice(1) : s);
const quoted = (list: string[]) => list.map((t) => `“${t}”`).join(", ");

type SectionKind = "point" | "question" | "asks" | "close";

/** A section of the outline: a heading in the reader's words, and the brief's sentence it came from. */
interface Section {
  heading: string;
  kind: SectionKind;
  sentence: string;
  /** The words to find a related library passage by. */
  about: string;
}

/** What an outline is made of, read from the brief's sentences. */
export interface OutlinePlan {
  /** The brief's sentences that set the piece up, or ask for something without a topic of their own. */
  opening: string[];
  sections: Section[];
  /** A close with no topic of its own ("end by inviting readers…"): a note after the last section. */
  closing: string[];
  audience: string | null;
}

const sentencesOf = (text: string) =>
  text
    .replace(/\s+/g, " ")
    .split(/(?<=[.!?])\s+/)
    .map((s) => s.trim().replace(/[.!?]+$/, ""))
    .filter(Boolean);

const LIST = /^(?:cover|include|mention|list|discuss|compare|walk (?:them |readers )?through|go through|touch on)\s+(.+)$/i;
const CLOSE = /^(?:close|end|finish|wrap up|sign off)\s+(with|by|on)\s+(.+)$/i;
/** Instructions whose object is what the reader reads about ("Explain why…", "Show the numbers…"). */
const TOPIC = /^(?:explain|show|describe|share|present|introduce|outline)\s+(.+)$/i;
const QUESTION = /^(?:where|how|what|why|when|who|which)\b/i;
const AUDIENCE =
  /\bfor ((?:new |small |busy |b2b |our )?(?:[a-z]+ )?(?:teams|customers|readers|marketers|managers|leaders|writers|owners))\b/i;

/** A heading a reader would read: the brief's own phrase, never an instruction to the writer. */
function asHeading(phrase: string): string | null {
  const p = (phrase.trim().match(TOPIC)?.[1] ?? phrase.trim()).replace(/^(?:about|on)\s+/i, "");
  if (p.length < 3 || startsWithVerb(p)) return null;
  return upperFirst(p);
}

/** Reads a brief into an outline plan: opening sentences, sections with headings, and a close. */
export function planOutline(brief: string): OutlinePlan {
  const plan: OutlinePlan = { opening: [], sections: [], closing: [], audience: null };
  const add = (phrase: string, kind: SectionKind, sentence: string) => {
    const heading = asHeading(phrase);
    if (!heading) return false;
    if (plan.sections.some((s) => s.heading.toLowerCase() === heading.toLowerCase())) return true;
    // "show five habits…" in a list is asked of the writer: the note quotes it.
    const asked = kind === "point" && TOPIC.test(phrase.trim());
    const as: SectionKind = asked ? "asks" : kind === "point" && QUESTION.test(heading) ? "question" : kind;
    plan.sections.push({ heading, kind: as, sentence: asked ? phrase.trim() : sentence, about: phrase });
    return true;
  };
  const sentences = sentencesOf(brief).flatMap((s) => s.split(/,?\s+and\s+(?=(?:end|close|finish)\s+(?:with|by|on)\b)/i));
  for (const sentence of sentences) {
    plan.audience ??= sentence.match(AUDIENCE)?.[1] ?? null;
    const close = sentence.match(CLOSE);
    if (close) {
      if (close[1].toLowerCase() === "by" || !add(close[2], "close", sentence)) plan.closing.push(sentence);
      continue;
    }
    const list = sentence.match(LIST);
    if (list) {
      for (const item of listItems(list[1])) add(item, "point", sentence);
      continue;
    }
    const colon = sentence.match(/^([^:]{3,}):\s*(.+)$/);
    if (colon) {
      plan.opening.push(sentence);
      for (const item of listItems(colon[2])) add(item, "point", sentence);
      continue;
    }
    const topic = sentence.match(TOPIC);
    // The brief's first sentence sets up the piece: it opens it. Later topics are sections.
    if (topic && plan.opening.length > 0 && add(topic[1], "asks", sentence)) continue;
    plan.opening.push(sentence);
  }
  return plan;
}

function sectionNote(section: Section, audience: string): string {
  switch (section.kind) {
    case "point":
      return NOTES.point(section.heading, audience);
    case "question":
      return NOTES.question(section.heading);
    case "asks":
      return NOTES.asks(section.sentence);
    case "close":
      return NOTES.close(section.sentence);
  }
}

const stem = (w: string) => w.toLowerCase().replace(/(ing|ed|es|s)$/, "");
const termsOf = (text: string) => new Set((text.match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => w.length > 3).map(stem));

/** The unused library passage that shares the most words with a section, if any shares one. */
function passageFor(about: string, sources: LibrarySource[], used: Set<string>): LibrarySource | null {
  const want = termsOf(about);
  let best: { source: LibrarySource; hits: number } | null = null;
  for (const source of sources) {
    if (used.has(source.id)) continue;
    const hits = [...termsOf(`${source.title} ${source.passage}`)].filter((t) => want.has(t)).length;
    if (hits > (best?.hits ?? 0)) best = { source, hits };
  }
  return best?.source ?? null;
}

export const quotePassage = (s: LibrarySource) => `> ${s.passage}\n>\n> — from [${s.title}](${s.href})`;

const openingNotes = (plan: OutlinePlan) => plan.opening.map((s, i) => (i === 0 ? NOTES.open(s) : NOTES.asks(s)));

function keywordNotes(voice: BrandVoice): string[] {
  if (voice.keywords.length === 0) return [];
  const claims = voice.keywords.filter((k) => CLAIM_TERMS.includes(k.toLowerCase()));
  return [NOTES.keywords(quoted(voice.keywords)), ...(claims.length ? [NOTES.claims(quoted(claims))] : [])];
}

/** The outline of an article or blog post: working title, label, opening notes, one section per point, the close. */
export function outlineArticle(request: { title: string; brief: string; voice: BrandVoice; sources?: LibrarySource[] }): string {
  const plan = planOutline(request.brief);
  const sources = request.sources ?? [];
  const used = new Set<string>();
  const sections = plan.sections.map((section) => {
    const source = passageFor(`${section.heading} ${section.about}`, sources, used);
    if (source) used.add(source.id);
    const quote = source ? `\n\n${NOTES.passage()}\n\n${quotePassage(source)}` : "";
    return `## ${section.heading}\n\n${sectionNote(section, plan.audience ?? "the reader")}${quote}`;
  });
  const unused = sources.filter((s) => !used.has(s.id));
  const more = unused.length ? [`${NOTES.more()}\n\n${unused.map(quotePassage).join("\n\n")}`] : [];
  return [
    `# ${request.title}`,
    OUTLINE_HELP,
    ...openingNotes(plan),
    ...keywordNotes(request.voice),
    ...sections,
    ...plan.closing.map(NOTES.close),
    ...more,
  ].join("\n\n");
}

/** The outline of a social post or caption: the points to make within the channel's limit, no headings. */
export function outlinePost(request: { title: string; brief: string; voice: BrandVoice; platform: Platform }): string {
  const plan = planOutline(request.brief);
  const points = plan.sections.map((s) => `- ${s.heading}`);
  return [
    OUTLINE_HELP,
    ...openingNotes(plan),
    NOTES.post(PLATFORM_LABELS[request.platform], PLATFORM_LIMITS[request.platform]),
    ...(points.length ? [points.join("\n")] : []),
    ...plan.closing.map(NOTES.close),
  ].join("\n\n");
}

/** Whether a text is (still) an outline: it carries the label or a writer's note. */
export function isOutline(text: string): boolean {
  return text.includes(OUTLINE_LABEL) || new RegExp(`^(?:[>*-]\\s*)*${NOTE}`, "m").test(text);
}

/** The writer's notes still in a text, counted, so the reviewer can say how many are left. */
export function notesLeft(text: string): number {
  return (text.match(new RegExp(`^(?:[>*-]\\s*)*${NOTE}`, "gm")) ?? []).length;
}

import { isContentType, type ContentType } from "../content";
import { words } from "../text-stats";
import { findTerm } from "./brand-rules";
import { readBrief, type BriefPlan } from "./brief";
import { insertKeyword, placeForKeyword } from "./keyword-places";
import { campaignOf, captionHashtags, fitCaption } from "./caption";
import { captionLength, PLATFORM_LIMITS } from "./caption-length";
import { DRAFT_PLATFORM } from "./draft-platform";
import type { BrandVoice, LibrarySource, Platform } from "./types";

type Family = "professional" | "warm" | "light";
const FAMILY: Record<string, Family> = {
  professional: "professional",
  friendly: "warm",
  inspirational: "warm",
  witty: "light",
  casual: "light",
};

/** Section paragraphs per tone family: the first, the middle ones in turn, and the last; each frames the brief's point. */
interface Frames {
  first: (point: string, audience: string) => string;
  middle: ((point: string, audience: string) => string)[];
  last: (point: string, audience: string) => string;
  /** For points that are questions ("where reviews used to stall"), in turn. */
  question: ((point: string, audience: string) => string)[];
}
const SECTION: Record<Family, Frames> = {
  professional: {
    first: (p, a) => `First, ${lowerFirst(p)}. For ${a}, this removes a step that slows the work down, and the effect shows within weeks.`,
    middle: [
      (p) => `Next, ${lowerFirst(p)}. Every stakeholder works from the same view, so decisions take less time.`,
      (p) => `Then ${lowerFirst(p)}. A manual routine becomes a process the team can repeat and measure.`,
      (p) => `Alongside it: ${lowerFirst(p)}. It keeps the work consistent from one campaign to the next.`,
    ],
    last: (p) => `Finally, ${lowerFirst(p)}. The results become visible: what performed, what did not, and what to change next.`,
    question: [
      (p, a) => `${p}: this is where ${a} feel the difference first, and where the evidence is clearest.`,
      (p) => `${p}: the steps were simple, and another team can repeat each one.`,
      (p) => `${p}: the results are measurable, and they are the reason this story is worth telling.`,
    ],
  },
  warm: {
    first: (p, a) =>
      `Let's start with ${lowerFirst(p)}. It's the change ${a} will notice first, and it gives you back time for the work you enjoy.`,
    middle: [
      (p) => `Next up, ${lowerFirst(p)}. Everyone works from the same page, so you spend less time chasing and more time creating.`,
      (p) => `Then there's ${lowerFirst(p)}. The routine parts take care of themselves, and you can focus on the ideas.`,
    ],
    last: (p) => `And finally, ${lowerFirst(p)}. You'll see what's working, so every next step is a confident one.`,
    question: [
      (p) => `${p}? That's where the story starts, and many of you will recognise it.`,
      (p) => `${p}? Step by step, and nothing you couldn't do yourself.`,
      (p) => `${p}? This is the part we love sharing with you.`,
    ],
  },
  light: {
    first: (p) => `First up: ${lowerFirst(p)}. Short version: less waiting, more doing.`,
    middle: [
      (p) => `Next: ${lowerFirst(p)}. Everyone on the same page, for once.`,
      (p) => `Then ${lowerFirst(p)}. The boring bits run themselves now.`,
    ],
    last: (p) => `Last but not least: ${lowerFirst(p)}. You'll know what worked without squinting at a spreadsheet.`,
    question: [(p) => `${p}? Glad you asked.`, (p) => `${p}? Easier than it sounds.`, (p) => `${p}? Spoiler: quite a lot.`],
  },
};

function frame(family: Family, point: string, index: number, count: number, audience: string): string {
  const f = SECTION[family];
  if (/^(where|how|what|why|when|who|which)\b/i.test(point)) return f.question[index % f.question.length](point, audience);
  if (index === 0) return f.first(point, audience);
  if (index === count - 1) return f.last(point, audience);
  return f.middle[(index - 1) % f.middle.length](point, audience);
}

const CLOSERS: Record<Family, string> = {
  professional: "Agree on owners and measures this week, and review the results in a month.",
  warm: "We'd love to hear how it goes for you, so tell us what you try first.",
  light: "That's it. Try one thing this week and see what sticks.",
};

const upperFirst = (s: string) => (s ? s[0].toUpperCase() + s.slice(1) : s);
const lowerFirst = (s: string) => (/^[A-Z][a-z]/.test(s) && !/^(I|AI)\b/.test(s) ? s[0].toLowerCase() + s.slice(1) : s);
const sentence = (s: string) => (/[.!?]$/.test(s) ? s : `${s}.`);
const stem = (w: string) => w.toLowerCase().replace(/(ing|ed|es|s)$/, "");
const STOP = new Set([
  "the",
  "and",
  "for",
  "with",
  "that",
  "this",
  "from",
  "our",
  "their",
  "your",
  "what",
  "how",
  "why",
  "where",
  "when",
  "into",
  "about",
  "new",
]);
const termsOf = (text: string) =>
  new Set(
    words(text)
      .filter((w) => w.length > 2 && !STOP.has(w.toLowerCase()))
      .map(stem),
  );

/** The library passage that shares the most words with a point, if any shares one. */
function passageFor(point: string, sources: LibrarySource[], used: Set<string>): LibrarySource | null {
  const want = termsOf(point);
  let best: { source: LibrarySource; hits: number } | null = null;
  for (const source of sources) {
    if (used.has(source.id)) continue;
    const hits = [...termsOf(`${source.title} ${source.passage}`)].filter((t) => want.has(t)).length;
    if (hits > (best?.hits ?? 0)) best = { source, hits };
  }
  return best?.source ?? null;
}

const quote = (s: LibrarySource) => `> ${s.passage}\n>\n> — from [${s.title}](${s.href})`;

function closingSection(plan: BriefPlan, family: Family): string {
  const closing = plan.closing;
  if (!closing) return `## Next step\n\n${CLOSERS[family]}`;
  const invite = closing.match(/^an? invitation to (.+)$/i);
  if (invite) return `## Join us\n\nYou are invited to ${invite[1]}. Save your seat and bring your questions.`;
  const steps = closing.match(/^(two|three|four|five|\d) (?:steps|things|actions|ways)\b/i);
  if (steps && plan.points.length) {
    const list = plan.points.slice(0, 5).map((p, i) => `${i + 1}. Start with ${lowerFirst(p)}.`);
    return `## ${upperFirst(closing)}\n\n${list.join("\n")}\n\n${CLOSERS[family]}`;
  }
  return `## ${upperFirst(closing)}\n\n${CLOSERS[family]}`;
}

/**
 * The built-in draft of an article or blog post: an opening built from the brief, one section per point
 * the brief names (its heading is the brief's own phrase, never cut), a passage from the team's published
 * library where one relates (quoted, with a link to its source), and a close the brief asks for.
 */
export function draftArticle(request: { title: string; brief: string; voice: BrandVoice; sources?: LibrarySource[] }): string {
  const family = FAMILY[request.voice.tone.id] ?? "professional";
  const plan = readBrief(request.brief, request.title);
  const audience = plan.audience ?? "your team";
  const sources = request.sources ?? [];
  const used = new Set<string>();
  const points = plan.points.length ? plan.points : ["Why it matters", "What changes in practice"];
  const sections = points.map((point, i) => {
    const paragraph = frame(family, point, i, points.length, audience);
    const source = passageFor(point, sources, used);
    if (source) used.add(source.id);
    return `## ${point}\n\n${paragraph}${source ? `\n\n${quote(source)}` : ""}`;
  });
  const unused = sources.filter((s) => !used.has(s.id));
  const reading = unused.length
    ? `\n\n## From our library\n\n${unused.map((s) => `- [${s.title}](${s.href}): ${s.passage}`).join("\n")}`
    : "";
  const intro = plan.intro.map(sentence).join(" ");
  const draft = `# ${request.title}\n\n${intro}\n\n${sections.join("\n\n")}${reading}\n\n${closingSection(plan, family)}`;
  return withKeywords(draft, request.voice);
}

/** Each brand keyword the draft misses, added as a plain sentence in the section that talks about it. */
function withKeywords(draft: string, voice: BrandVoice): string {
  let out = draft;
  for (const keyword of voice.keywords) {
    if (findTerm(out, keyword).length) continue;
    out = insertKeyword(out, placeForKeyword(out, keyword, voice.tone.id));
  }
  return out;
}

export { DRAFT_PLATFORM };

/** A social post from a brief: the opening, the points (as many as fit), the close and hashtags, within the channel's limit. */
export function draftPost(request: { title: string; brief: string; voice: BrandVoice; platform: Platform }): string {
  const { platform } = request;
  const plan = readBrief(request.brief, request.title);
  const opening = plan.intro[0] ?? request.title;
  const close = plan.closing?.match(/^an? invitation to (.+)$/i)?.[1];
  const closing = close ? `Join us at ${close}.` : plan.closing ? sentence(upperFirst(plan.closing)) : "";
  // A campaign hashtag from the title; brand keywords are for the voice score, not for hashtags.
  const tags = captionHashtags(campaignOf(request.title), platform);
  const fits = (t: string) => captionLength(t, platform) <= PLATFORM_LIMITS[platform];
  for (let n = Math.min(plan.points.length, 5); n >= 0; n--) {
    const listed = plan.points.slice(0, n).map(lowerFirst);
    const list = listed.length > 1 ? `${listed.slice(0, -1).join(", ")} and ${listed.at(-1)}` : (listed[0] ?? "");
    const lead = list ? `${opening}: ${list}.` : sentence(opening);
    for (const t of [tags, tags.slice(0, 2), []]) {
      const post = [lead, closing, t.join(" ")].filter(Boolean).join(platform === "twitter" ? " " : "\n\n");
      if (fits(post)) return post;
    }
  }
  return fitCaption(sentence(opening), platform);
}

/** The built-in draft: a post within the channel's limit for a social or caption brief, an article otherwise. */
export function draftLocal(request: {
  title: string;
  brief: string;
  type: ContentType;
  voice: BrandVoice;
  sources?: LibrarySource[];
  platform?: Platform;
}): string {
  const platform = request.platform ?? (isContentType(request.type) ? DRAFT_PLATFORM[request.type] : undefined);
  return platform ? draftPost({ ...request, platform }) : draftArticle(request);
}

/** What a brief asks for, read from its sentences: the opening, the points to cover and how to close. */
export interface BriefPlan {
  /** Declarative sentences for the opening paragraph. */
  intro: string[];
  /** The points to cover, each a complete phrase (a section heading as written in the brief). */
  points: string[];
  /** What to close with, as a phrase ("an invitation to the launch webinar"), if the brief says. */
  closing: string | null;
  /** Who it is for ("marketing teams"), if the brief says. */
  audience: string | null;
}

const sentencesOf = (text: string) =>
  text
    .replace(/\s+/g, " ")
    .split(/(?<=[.!?])\s+/)
    .map((s) => s.trim().replace(/[.!?]+$/, ""))
    .filter(Boolean);
const upperFirst = (s: string) => (s ? s[0].toUpperCase() + s.slice(1) : s);

/** "faster reviews, the shared brand voice and the new agent workflow" → the three phrases. */
export function listItems(phrase: string): string[] {
  const parts = phrase.split(/,\s*(?:and\s+|or\s+)?/).map((p) => p.trim());
  // "a, b and c": the last comma's part holds the last two items.
  const listed = parts.length > 1;
  const last = listed ? parts.pop()!.split(/\s+(?:and|or)\s+(?!.*\s(?:and|or)\s)/) : [];
  const items = listed
    ? [...parts, ...last]
    : parts.flatMap((p) => p.split(/\s+and\s+(?=(?:the|a|an|our|their|your|how|what|where|why|when)\b)/i));
  return items.map((p) => p.trim()).filter((p) => p.length > 2);
}

const LIST_VERBS = /^(?:cover|include|mention|list|discuss|walk (?:them |readers )?through|go through|touch on)\s+(.+)$/i;
const CLOSE = /^(?:close|end|finish|wrap up|sign off)\s+with\s+(.+)$/i;
/** Imperatives that set up the piece, turned into what the piece does. */
const OPENERS: [RegExp, (rest: string) => string][] = [
  [/^announce\s+(.+)$/i, (r) => `Today we are announcing ${r}`],
  [/^write (?:it |this )?for\s+(.+)$/i, (r) => `This piece is for ${r}`],
  [/^explain\s+((?:why|how|what|when|where)\s.+)$/i, (r) => `Here is ${r}`],
  [/^explain\s+(.+)$/i, (r) => `This piece explains ${r}`],
  [/^(?:show|present)\s+(.+)$/i, (r) => `We show ${r}`],
  [/^describe\s+(.+)$/i, (r) => `This piece describes ${r}`],
  [/^introduce\s+(.+)$/i, (r) => `Meet ${r}`],
  [/^share\s+(.+)$/i, (r) => `We share ${r}`],
  [/^(?:quote|cite)\s+(.+)$/i, (r) => `It quotes ${r}`],
];

export function readBrief(brief: string, title: string): BriefPlan {
  const plan: BriefPlan = { intro: [], points: [], closing: null, audience: null };
  const sentences = sentencesOf(brief).flatMap((s) => s.split(/,?\s+and\s+(?=(?:end|close|finish)\s+with\b)/i));
  for (const sentence of sentences) {
    plan.audience ??=
      sentence.match(
        /\bfor ((?:new |small |busy |b2b |our )?(?:[a-z]+ )?(?:teams|customers|readers|marketers|managers|leaders|writers|owners))\b/i,
      )?.[1] ?? null;
    const close = sentence.match(CLOSE);
    if (close) {
      plan.closing = close[1];
      continue;
    }
    const list = sentence.match(LIST_VERBS);
    if (list) {
      plan.points.push(...listItems(list[1]).map(upperFirst));
      continue;
    }
    const colon = sentence.match(/^([^:]{3,}):\s*(.+)$/);
    if (colon) {
      plan.intro.push(`This is ${colon[1].replace(/^A\s/, "a ").replace(/^An\s/, "an ")}`);
      plan.points.push(...listItems(colon[2]).map(upperFirst));
      continue;
    }
    const opener = OPENERS.find(([pattern]) => pattern.test(sentence));
    if (opener) {
      plan.intro.push(opener[1](sentence.match(opener[0])![1]));
      continue;
    }
    plan.points.push(upperFirst(sentence));
  }
  if (plan.intro.length === 0) plan.intro.push(`This piece is about ${title.replace(/[.!?]$/, "").toLowerCase()}`);
  plan.points = [...new Set(plan.points)].slice(0, 6);
  return plan;
}

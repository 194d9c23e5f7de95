import { countSentences, words } from "../text-stats";
import { findContractions, maskQuotesAndCode } from "./contractions";
import type { GuidelineRules } from "./guidelines";

/** The five brand tones from the sample data, with what each one sounds like in words. */
export const TONE_IDS = ["professional", "friendly", "witty", "inspirational", "casual"] as const;
export type ToneId = (typeof TONE_IDS)[number];

const MARKERS: Record<ToneId | "formal", string[]> = {
  formal: [
    "therefore",
    "however",
    "furthermore",
    "ensure",
    "deliver",
    "strategy",
    "strategic",
    "results",
    "data",
    "objective",
    "objectives",
    "organisation",
    "organization",
    "stakeholders",
    "analysis",
    "performance",
    "measurable",
    "evidence",
    "consequently",
    "accordingly",
    "framework",
    "quarter",
    "revenue",
  ],
  professional: [
    "ensure",
    "deliver",
    "strategy",
    "results",
    "data",
    "analysis",
    "performance",
    "measurable",
    "evidence",
    "framework",
    "stakeholders",
    "objective",
    "objectives",
    "efficiency",
    "outcomes",
  ],
  friendly: [
    "you",
    "your",
    "we",
    "our",
    "together",
    "happy",
    "glad",
    "love",
    "welcome",
    "thanks",
    "thank",
    "help",
    "share",
    "enjoy",
    "hope",
    "friends",
    "feel",
    "us",
  ],
  witty: [
    "spoiler",
    "plot",
    "twist",
    "honestly",
    "apparently",
    "secret",
    "turns",
    "ironically",
    "admit",
    "surprise",
    "joke",
    "pun",
    "monster",
    "cat",
    "cats",
    "pizza",
    "unicorn",
    "ninja",
    "superpower",
    "drama",
    "sneaky",
  ],
  inspirational: [
    "imagine",
    "achieve",
    "dream",
    "dreams",
    "believe",
    "possible",
    "future",
    "empower",
    "inspire",
    "journey",
    "potential",
    "grow",
    "rise",
    "bold",
    "courage",
    "vision",
    "transform",
    "purpose",
    "greatness",
    "limitless",
    "together",
    "start",
    "create",
  ],
  casual: [
    "hey",
    "gonna",
    "wanna",
    "kinda",
    "sorta",
    "stuff",
    "pretty",
    "awesome",
    "cool",
    "folks",
    "yeah",
    "okay",
    "chill",
    "guys",
    "lol",
    "nope",
    "yep",
    "grab",
  ],
};

export interface ToneSignals {
  words: number;
  perHundred: Record<ToneId | "formal", number>;
  contractions: number;
  exclamations: number;
  questions: number;
  avgSentence: number;
}

const per100 = (n: number, total: number) => (total === 0 ? 0 : (n * 100) / total);

export function toneSignals(text: string): ToneSignals {
  // A contraction counts as its first word for the word lists ("we're" is "we").
  const list = words(maskQuotesAndCode(text)).map((w) =>
    w
      .toLowerCase()
      .replace(/’/g, "'")
      .replace(/'(re|ve|ll|d|m|s)$/, ""),
  );
  const total = list.length;
  const sentences = Math.max(1, countSentences(text));
  const count = (set: string[]) => list.filter((w) => set.includes(w)).length;
  const perHundred = Object.fromEntries(
    Object.entries(MARKERS).map(([k, set]) => [k, per100(count(set), total)]),
  ) as ToneSignals["perHundred"];
  return {
    words: total,
    perHundred,
    contractions: per100(findContractions(text).length, total),
    exclamations: (text.match(/!/g) ?? []).length / sentences,
    questions: (text.match(/\?/g) ?? []).length / sentences,
    avgSentence: total / sentences,
  };
}

interface Effect {
  points: number;
  note: string;
}

const cap = (v: number, max: number) => Math.min(max, v);
const fmt = (n: number) => (Math.round(n * 10) / 10).toString();

/** Points each tone gives or takes for what the text does; every effect has a note the writer can act on. */
function effects(tone: ToneId, s: ToneSignals, rules: ToneRules): Effect[] {
  const p = s.perHundred;
  const list: Effect[] = [];
  const add = (points: number, note: string) => Math.abs(points) >= 1 && list.push({ points: Math.round(points), note });
  switch (tone) {
    case "professional":
      add(cap(p.professional * 8, 30), `${fmt(p.professional)} business terms per 100 words`);
      add(-cap(s.contractions * 8, 30), `${fmt(s.contractions)} contractions per 100 words read informal`);
      add(-cap(s.exclamations * 60, 20), "exclamation marks read informal");
      add(-cap((p.casual + p.witty) * 10, 30), "casual or playful words");
      // Short sentences never cost points: the guidelines (or plain-language practice) ask for them.
      add(s.avgSentence <= (rules.maxSentenceWords ?? 24) ? 10 : -5, `sentences average ${fmt(s.avgSentence)} words`);
      break;
    case "friendly":
      add(cap(p.friendly * 3, 30), `${fmt(p.friendly)} warm, personal words (you, we, together) per 100`);
      add(cap(s.contractions * 5, 15), "contractions sound conversational");
      add(-cap(p.formal * 6, 25), "formal business terms feel distant");
      break;
    case "witty":
      add(cap(s.questions * 50, 15), "questions engage the reader");
      add(cap(p.witty * 10, 30), `${fmt(p.witty)} playful words per 100`);
      add(-cap(p.casual * 5, 15), "slang without a twist reads casual, not witty");
      add(cap(s.exclamations * 30, 10), "exclamation marks add energy");
      add(s.avgSentence < 15 ? 10 : -10, `sentences average ${fmt(s.avgSentence)} words (punchy is under 15)`);
      add(-cap(p.formal * 8, 25), "formal business terms dampen the humour");
      break;
    case "inspirational":
      add(cap(p.inspirational * 6, 35), `${fmt(p.inspirational)} motivating words (imagine, achieve, future) per 100`);
      add(cap(p.friendly * 1.5, 10), "speaking to the reader directly");
      add(cap(s.exclamations * 30, 10), "exclamation marks lift the energy");
      add(-cap(p.casual * 8, 20), "slang undercuts the uplift");
      break;
    case "casual":
      add(cap(s.contractions * 5, 15), `${fmt(s.contractions)} contractions per 100 words`);
      add(cap(p.casual * 10, 35), `${fmt(p.casual)} everyday, informal words per 100`);
      add(s.avgSentence < 14 ? 10 : -10, `sentences average ${fmt(s.avgSentence)} words (relaxed is under 14)`);
      add(-cap(p.formal * 10, 30), "formal business terms feel stiff");
      break;
  }
  return withContractionRule(list, s, rules);
}

/** Where the guidelines say how to treat contractions, their rule replaces the tone's own preference. */
function withContractionRule(list: Effect[], s: ToneSignals, rules: ToneRules): Effect[] {
  if (!rules.contractions) return list.filter((e) => e.note);
  const kept = list.filter((e) => !e.note.includes("contractions"));
  const points = Math.round(rules.contractions === "use" ? cap(s.contractions * 5, 15) : -cap(s.contractions * 8, 30));
  if (Math.abs(points) >= 1)
    kept.push({
      points,
      note:
        rules.contractions === "use"
          ? `${fmt(s.contractions)} contractions per 100 words, as the guidelines ask`
          : `${fmt(s.contractions)} contractions per 100 words (the guidelines ask to avoid them)`,
    });
  return kept;
}

export type ToneRules = Partial<Pick<GuidelineRules, "maxSentenceWords" | "contractions">>;

/** How well the text fits a tone, 0–100, with the reasons that moved it. */
export function toneFit(text: string, tone: string, rules: ToneRules = {}): { score: number; helped: string[]; hurt: string[] } {
  const id = (TONE_IDS as readonly string[]).includes(tone) ? (tone as ToneId) : "professional";
  const found = effects(id, toneSignals(text), rules);
  const score = Math.max(0, Math.min(100, 50 + found.reduce((sum, e) => sum + e.points, 0)));
  return {
    score,
    helped: found.filter((e) => e.points > 0).map((e) => e.note),
    hurt: found.filter((e) => e.points < 0).map((e) => e.note),
  };
}

/** The first word from a tone's word list in the text, located, to point the writer at it. */
export function firstMarker(text: string, kinds: (ToneId | "formal")[]): { start: number; end: number; word: string } | null {
  const masked = maskQuotesAndCode(text);
  const wanted = new Set(kinds.flatMap((k) => MARKERS[k]));
  for (const m of masked.matchAll(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu))
    if (wanted.has(m[0].toLowerCase())) return { start: m.index ?? 0, end: (m.index ?? 0) + m[0].length, word: m[0] };
  return null;
}

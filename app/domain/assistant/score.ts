import { readerText } from "../markdown";
import { applySuggestion, type Suggestion } from "../suggestions";
import { fleschReadingEase, words } from "../text-stats";
import { brandSuggestions, findTerm } from "./brand-rules";
import { keywordExcess, unearned, type Unearned } from "./claims";
import { findContractions } from "./contractions";
import { readGuidelines, type GuidelineRules } from "./guidelines";
import { placeForKeyword } from "./keyword-places";
import { isOutline, notesLeft } from "./outline";
import { opening, placeOf, sentencesOf } from "./places";
import { proseSuggestions } from "./prose-rules";
import { DEFAULT_SENTENCE_WORDS } from "./sentence-limit";
import { splitSentence } from "./split-sentences";
import { suggestLocal } from "./suggest";
import { firstMarker, toneFit, type ToneId } from "./tone";
import type { BrandVoice, ScoreFix, VoiceScore, VoiceScorePart } from "./types";

/** Flesch reading ease each tone aims for: professional copy may be denser than casual copy. */
export const READABILITY_TARGET: Record<ToneId, number> = { professional: 50, friendly: 65, witty: 65, inspirational: 60, casual: 70 };

const WEIGHTS = { tone: 0.3, keywords: 0.2, guidelines: 0.3, readability: 0.2 } as const;
const clamp = (n: number) => Math.max(0, Math.min(100, n));
const quoted = (list: string[]) => list.map((t) => `“${t}”`).join(", ");
const upperFirst = (s: string) => (s ? s[0].toUpperCase() + s.slice(1) : s);
/**
 * Where a reader-text offset sits, as the writer would say it ("paragraph 2", "the heading …"): read in the
 * Markdown, so headings and quotes count as the writer sees them. Set by scoreLocal for its one call.
 */
let locate: (start: number) => number = (start) => start;
let source = "";
const at = (_text: string, start: number) => upperFirst(placeOf(source, locate(start)));

/** A part before rounding: the total is weighted from exact part scores, so each fix shows in it. */
type Exact = VoiceScorePart & { exact: number };

function part(key: VoiceScorePart["key"], label: string, exact: number, detail: string, fixes: ScoreFix[]): Exact {
  const score = clamp(exact);
  return { key, label, score: Math.round(score), exact: score, weight: WEIGHTS[key], detail, fixes };
}

function toneFixes(text: string, voice: BrandVoice, rules: GuidelineRules, hurt: string[]): ScoreFix[] {
  const fixes: ScoreFix[] = [];
  for (const note of hurt) {
    if (note.includes("contractions")) {
      const c = findContractions(text)[0];
      if (c) fixes.push({ message: `${at(text, c.start)}: write “${c.word}” in full (${note}).`, start: c.start, end: c.end });
    } else if (note.includes("exclamation")) {
      const i = text.indexOf("!");
      if (i >= 0) fixes.push({ message: `${at(text, i)}: end the sentence with a full stop instead of “!”.`, start: i, end: i + 1 });
    } else if (note.includes("casual") || note.includes("slang")) {
      const m = firstMarker(text, ["casual", "witty"]);
      if (m)
        fixes.push({ message: `${at(text, m.start)}: replace “${m.word}” with a plainer word (${note}).`, start: m.start, end: m.end });
    } else if (note.includes("formal")) {
      const m = firstMarker(text, ["formal"]);
      if (m) fixes.push({ message: `${at(text, m.start)}: say “${m.word}” in everyday words (${note}).`, start: m.start, end: m.end });
    } else if (note.includes("sentences average")) {
      const longest = [...sentencesOf(text)].sort((a, b) => b.words - a.words)[0];
      if (longest)
        fixes.push({
          message: `${at(text, longest.start)}: shorten “${opening(longest.text)}” (${longest.words} words)${rules.maxSentenceWords ? `; the guidelines allow ${rules.maxSentenceWords}` : ""}.`,
          start: longest.start,
          end: longest.end,
        });
    }
  }
  if (fixes.length === 0 && toneFit(text, voice.tone.id, rules).score < 100)
    fixes.push({
      message: `Use more words that sound ${voice.tone.name.toLowerCase()}: ${TONE_HINTS[voice.tone.id] ?? TONE_HINTS.professional}.`,
    });
  return fixes;
}

const TONE_HINTS: Record<string, string> = {
  professional: "name the results, the data and the next step",
  friendly: "speak to the reader as “you” and to the team as “we”",
  witty: "a question, a twist, a short punchy line",
  inspirational: "what the reader can achieve and the future it opens",
  casual: "everyday words and short sentences",
};

function tonePart(text: string, voice: BrandVoice, rules: GuidelineRules, found: Unearned): Exact {
  const fit = toneFit(found.earning, voice.tone.id, rules);
  const detail = [fit.helped.length ? `Helps: ${fit.helped.join("; ")}.` : "", fit.hurt.length ? `Hurts: ${fit.hurt.join("; ")}.` : ""]
    .filter(Boolean)
    .join(" ");
  return part(
    "tone",
    `Tone fit (${voice.tone.name})`,
    fit.score,
    detail || `Nothing in the text marks it as ${voice.tone.name.toLowerCase()} yet.`,
    toneFixes(found.earning, voice, rules, fit.hurt),
  );
}

function keywordPart(text: string, voice: BrandVoice, found: Unearned): Exact {
  // Keywords count only where they earn: not in a claim without a figure, not in a repeated sentence.
  const used = voice.keywords.filter((k) => findTerm(found.earning, k).length > 0);
  const claimed = voice.keywords.filter((k) => !used.includes(k) && found.claims.some((c) => findTerm(c.text, k).length > 0));
  const missing = voice.keywords.filter((k) => !used.includes(k) && !claimed.includes(k));
  const excess = keywordExcess(text, words(found.earning).length, voice.keywords);
  const over = excess.reduce((n, k) => n + k.excess, 0);
  // Stuffing costs more than a keyword earns: each use past the density limit takes 15 % off the part.
  const score = voice.keywords.length === 0 ? 100 : (used.length / voice.keywords.length) * 100 * 0.85 ** Math.min(over, 40);
  const detail =
    voice.keywords.length === 0
      ? "No brand keywords are set in Settings."
      : [
          `${used.length} of ${voice.keywords.length} brand keywords used${used.length ? ` (${quoted(used)})` : ""}.`,
          claimed.length ? `${quoted(claimed)} only in claims without a figure, which earn nothing.` : "",
          missing.length ? `Missing: ${quoted(missing)}.` : "",
          over ? `Too many uses: ${excess.map((k) => `“${k.keyword}” ${k.count} times`).join(", ")} (at most ${KEYWORD_LIMIT_TEXT}).` : "",
        ]
          .filter(Boolean)
          .join(" ");
  const fixes: ScoreFix[] = [
    ...excess.map((k) => {
      const last = findTerm(text, k.keyword).at(-1)!;
      return {
        message: `${at(text, last.start)}: use “${k.keyword}” less: ${k.count} times is keyword stuffing.`,
        start: last.start,
        end: last.end,
      };
    }),
    ...found.claims
      .filter((c) => claimed.some((k) => findTerm(c.text, k).length > 0))
      .map((c) => ({
        message: `${at(text, c.start)}: “${opening(c.text)}” claims “${c.term}” without a figure; show it with one, or cut the claim.`,
        start: c.start,
        end: c.end,
      })),
    ...missing.map((k) => {
      const place = placeForKeyword(text, k);
      const where = place.paragraph ? placeOf(source, locate(place.at)) : "the text";
      return {
        message: `“${k}” could fit in ${where}${place.because ? `: it talks about ${place.because}` : ""}; use it only where the text shows it.`,
        start: place.at,
        end: place.at,
      };
    }),
  ];
  return part("keywords", "Brand keywords", score, detail, fixes);
}

const KEYWORD_LIMIT_TEXT = "one use per 100 words";

function guidelinePart(
  text: string,
  voice: BrandVoice,
  rules: GuidelineRules,
  passive: { start: number; end: number; original: string }[],
  found: Unearned,
): Exact {
  const bannedHits = rules.banned.flatMap((t) => findTerm(text, t).map((h) => ({ ...h, term: t })));
  const bannedFound = [...new Set(bannedHits.map((h) => h.term))];
  const requiredMissing = rules.required.filter((t) => findTerm(found.earning, t).length === 0);
  const passiveHits = rules.activeVoice ? passive : [];
  const contractions = rules.contractions === "avoid" ? findContractions(text) : [];
  // Multiplied, so every violation fixed raises the part, however many there are.
  const score =
    100 *
    0.8 ** bannedHits.length *
    0.85 ** requiredMissing.length *
    0.95 ** Math.min(passiveHits.length, 40) *
    0.95 ** Math.min(contractions.length, 40);
  const problems = [
    bannedFound.length ? `uses banned ${bannedFound.length === 1 ? "term" : "terms"} ${quoted(bannedFound)}` : "",
    requiredMissing.length ? `misses required ${quoted(requiredMissing)}` : "",
    passiveHits.length
      ? `${passiveHits.length} passive ${passiveHits.length === 1 ? "construction" : "constructions"} (guidelines ask for active voice)`
      : "",
    contractions.length
      ? `${contractions.length} ${contractions.length === 1 ? "contraction" : "contractions"} (guidelines ask to avoid them)`
      : "",
  ].filter(Boolean);
  const checked = rules.banned.length + rules.required.length + (rules.activeVoice ? 1 : 0) + (rules.contractions === "avoid" ? 1 : 0);
  const detail = problems.length
    ? `${upperFirst(problems.join("; "))}.`
    : checked
      ? "No violations of the Content Guidelines found."
      : "The Content Guidelines name no terms to check.";
  const fixes: ScoreFix[] = [
    ...brandSuggestions(text, voice).map((b) => ({
      message: `${at(text, b.start)}: ${b.message} (the guidelines ban it).`,
      start: b.start,
      end: b.end,
    })),
    ...requiredMissing.map((t) => ({ message: `Mention “${t}”: the guidelines ask for it.` })),
    ...passiveHits.map((p) => {
      const sentence = sentencesOf(text).find((s) => p.start >= s.start && p.end <= s.end);
      return {
        message: `${at(text, p.start)}: say who does it in “${opening(sentence?.text ?? p.original, 8)}” (active voice).`,
        start: p.start,
        end: p.end,
      };
    }),
    ...contractions.map((c) => ({ message: `${at(text, c.start)}: write “${c.word}” in full.`, start: c.start, end: c.end })),
  ];
  return part("guidelines", "Guidelines", score, detail, fixes);
}

/** Suggestion kinds that make prose harder to read and that a writer fixes in one click. */
const WORDY = new Set(["repeated", "simplify", "intensifier"]);

/** The text with every wordy phrase cut (from the end, so earlier offsets hold). */
function withoutWordy(text: string, wordy: Suggestion[]): string {
  let out = text;
  let before = Infinity;
  for (const s of [...wordy].sort((a, b) => b.start - a.start)) {
    if (s.end > before) continue;
    out = applySuggestion(out, s);
    before = s.start;
  }
  return out;
}

function readabilityPart(text: string, voice: BrandVoice, rules: GuidelineRules, found: Unearned): Exact {
  const target = READABILITY_TARGET[voice.tone.id as ToneId] ?? 60;
  const wordy = suggestLocal(text, voice).filter((s) => WORDY.has(s.kind) && s.replacement !== undefined);
  const earningWordy = wordy.filter((w) => found.earning.slice(w.start, w.end) === text.slice(w.start, w.end));
  // Reading ease of the earning text once its wordy phrases are cut, and a penalty per phrase left: cutting
  // one never lowers the part (Flesch alone would drop when short filler words like "in order" go).
  const ease = clamp(fleschReadingEase(withoutWordy(found.earning, earningWordy)));
  const gap = Math.max(0, target - ease);
  const limit = rules.maxSentenceWords ?? DEFAULT_SENTENCE_WORDS;
  const long = sentencesOf(text).filter((s) => s.words > limit);
  const repeats = found.repeats.length;
  // A sentence said again is boilerplate: it costs as much as a long one.
  const score =
    100 *
    (1 - Math.min(0.5, 0.025 * gap)) *
    0.85 ** Math.min(long.length, 40) *
    0.93 ** Math.min(wordy.length, 60) *
    0.85 ** Math.min(repeats, 40);
  const whose = rules.maxSentenceWords ? "the guidelines' limit" : "the built-in limit";
  const findings = [
    gap === 0
      ? `Reading ease ${Math.round(ease)}, at or above the ${target} this tone aims for.`
      : `Reading ease ${Math.round(ease)}, below the ${target} this tone aims for.`,
    long.length ? `${long.length} ${long.length === 1 ? "sentence is" : "sentences are"} over ${limit} words (${whose}).` : "",
    wordy.length ? `${wordy.length} wordy ${wordy.length === 1 ? "phrase" : "phrases"} to cut.` : "",
    repeats ? `${repeats} ${repeats === 1 ? "sentence says" : "sentences say"} again what the text already said.` : "",
  ].filter(Boolean);
  const fixes: ScoreFix[] = long.map((s) => {
    const split = splitSentence(s.text);
    return {
      message: `${at(text, s.start)}: “${opening(s.text)}” has ${s.words} words; ${split ? `split it at “${split.at}”` : "cut it into two sentences"}.`,
      start: s.start,
      end: s.end,
    };
  });
  for (const w of wordy) fixes.push({ message: `${at(text, w.start)}: ${w.message}.`, start: w.start, end: w.end });
  for (const r of found.repeats)
    fixes.push({ message: `${at(text, r.start)}: “${opening(r.text)}” repeats an earlier sentence; cut it.`, start: r.start, end: r.end });
  if (gap > 0 && long.length === 0) fixes.push({ message: "Use plainer, shorter words: long words pull reading ease down." });
  return part("readability", "Readability", score, findings.join(" "), fixes);
}

function emptyScore(detail: string, fix: string, outline = false): VoiceScore {
  return {
    score: 0,
    ...(outline ? { outline: true } : {}),
    parts: (["tone", "keywords", "guidelines", "readability"] as const).map((key) => ({
      key,
      label: key[0].toUpperCase() + key.slice(1),
      score: 0,
      weight: WEIGHTS[key],
      detail,
      fixes: [{ message: fix }],
    })),
  };
}

/**
 * The brand-voice score: four readable parts, weighted into one 0–100 figure. It reads the text a reader
 * reads (the Markdown rendered: no marks, image syntax, alt text or URLs), so rendering-neutral changes
 * never move it; claims without a figure and repeated sentences earn nothing, and stuffing keywords past
 * the density limit costs points (decision 038). The Content Guidelines come first. Fixes point at the
 * Markdown the writer typed.
 */
export function scoreLocal(markdown: string, voice: BrandVoice): VoiceScore {
  if (isOutline(markdown))
    return emptyScore(
      `This is an outline, not a finished text: it is not scored. ${notesLeft(markdown)} writer's notes are left.`,
      "Write each section in your own words and delete the outline's label and notes.",
      true,
    );
  const reader = readerText(markdown);
  const text = reader.text;
  source = markdown;
  locate = reader.toRaw;
  if (words(text).length === 0) return emptyScore("There is no text to score yet.", "Write or draft the text first.");
  const rules = readGuidelines(voice.guidelines);
  const found = unearned(text, rules.banned);
  const passive = proseSuggestions(text).filter((s) => s.kind === "passive");
  const exact = [
    tonePart(text, voice, rules, found),
    keywordPart(text, voice, found),
    guidelinePart(text, voice, rules, passive, found),
    readabilityPart(text, voice, rules, found),
  ];
  const total = exact.reduce((sum, p) => sum + p.exact * p.weight, 0);
  // Fixes were found in the reader's text; they point at the same words in the Markdown.
  const toRaw = (fix: ScoreFix): ScoreFix => ({
    ...fix,
    ...(fix.start === undefined ? {} : { start: reader.toRaw(fix.start) }),
    ...(fix.end === undefined ? {} : { end: fix.end === fix.start ? reader.toRaw(fix.end) : reader.toRawEnd(fix.end) }),
  });
  return { score: Math.round(clamp(total)), parts: exact.map(({ exact: _exact, ...p }) => ({ ...p, fixes: p.fixes.map(toRaw) })) };
}

/** Whether a score reaches the Content Generation Threshold (for approving and auto-publishing). */
export function meetsThreshold(score: number, voice: Pick<BrandVoice, "threshold">): boolean {
  return score >= voice.threshold;
}

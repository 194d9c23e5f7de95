import { articleText } from "../markdown";
import { fleschReadingEase } from "../text-stats";
import { findTerm } from "./brand-rules";
import { readGuidelines } from "./guidelines";
import { proseSuggestions } from "./prose-rules";
import { toneFit, type ToneId } from "./tone";
import type { BrandVoice, VoiceScore, VoiceScorePart } from "./types";

/** Flesch reading ease each tone aims for: professional copy may be denser than casual copy. */
export const READABILITY_TARGET: Record<ToneId, number> = { professional: 50, friendly: 65, witty: 65, inspirational: 60, casual: 70 };

const WEIGHTS = { tone: 0.3, keywords: 0.2, guidelines: 0.3, readability: 0.2 } as const;
const clamp = (n: number) => Math.max(0, Math.min(100, Math.round(n)));
const quoted = (list: string[]) => list.map((t) => `“${t}”`).join(", ");

function tonePart(text: string, voice: BrandVoice): VoiceScorePart {
  const fit = toneFit(text, voice.tone.id);
  const parts = [
    fit.helped.length ? `Helps: ${fit.helped.join("; ")}.` : "",
    fit.hurt.length ? `Hurts: ${fit.hurt.join("; ")}.` : "",
  ].filter(Boolean);
  return {
    key: "tone",
    label: `Tone fit (${voice.tone.name})`,
    score: fit.score,
    weight: WEIGHTS.tone,
    detail: parts.join(" ") || `Nothing in the text marks it as ${voice.tone.name.toLowerCase()} yet.`,
  };
}

function keywordPart(text: string, voice: BrandVoice): VoiceScorePart {
  const used = voice.keywords.filter((k) => findTerm(text, k).length > 0);
  const missing = voice.keywords.filter((k) => !used.includes(k));
  const score = voice.keywords.length === 0 ? 100 : (used.length / voice.keywords.length) * 100;
  const detail =
    voice.keywords.length === 0
      ? "No brand keywords are set in Settings."
      : `${used.length} of ${voice.keywords.length} brand keywords used${used.length ? ` (${quoted(used)})` : ""}.${missing.length ? ` Missing: ${quoted(missing)}.` : ""}`;
  return { key: "keywords", label: "Brand keywords", score: clamp(score), weight: WEIGHTS.keywords, detail };
}

function guidelinePart(text: string, voice: BrandVoice, passiveCount: number): VoiceScorePart {
  const rules = readGuidelines(voice.guidelines);
  const bannedFound = rules.banned.filter((t) => findTerm(text, t).length > 0);
  const bannedHits = rules.banned.reduce((n, t) => n + findTerm(text, t).length, 0);
  const requiredMissing = rules.required.filter((t) => findTerm(text, t).length === 0);
  const passive = rules.activeVoice ? passiveCount : 0;
  const score = 100 - 20 * bannedHits - 15 * requiredMissing.length - Math.min(30, 5 * passive);
  const problems = [
    bannedFound.length ? `uses banned ${bannedFound.length === 1 ? "term" : "terms"} ${quoted(bannedFound)}` : "",
    requiredMissing.length ? `misses required ${quoted(requiredMissing)}` : "",
    passive ? `${passive} passive ${passive === 1 ? "construction" : "constructions"} (guidelines ask for active voice)` : "",
  ].filter(Boolean);
  const checked = rules.banned.length + rules.required.length + (rules.activeVoice ? 1 : 0);
  const detail = problems.length
    ? `${problems.join("; ")}.`
    : checked
      ? "No violations of the Content Guidelines found."
      : "The Content Guidelines name no terms to check.";
  return {
    key: "guidelines",
    label: "Guidelines",
    score: clamp(score),
    weight: WEIGHTS.guidelines,
    detail: detail[0].toUpperCase() + detail.slice(1),
  };
}

function readabilityPart(text: string, voice: BrandVoice): VoiceScorePart {
  const target = READABILITY_TARGET[voice.tone.id as ToneId] ?? 60;
  const ease = clamp(fleschReadingEase(articleText(text)));
  const gap = Math.max(0, target - ease);
  const detail =
    gap === 0
      ? `Reading ease ${ease}, at or above the ${target} this tone aims for.`
      : `Reading ease ${ease}, below the ${target} this tone aims for: use shorter sentences and plainer words.`;
  return { key: "readability", label: "Readability", score: clamp(100 - 2.5 * gap), weight: WEIGHTS.readability, detail };
}

/** The brand-voice score: four readable parts, weighted into one 0–100 figure. */
export function scoreLocal(text: string, voice: BrandVoice): VoiceScore {
  if (text.trim().length === 0) {
    return {
      score: 0,
      parts: (["tone", "keywords", "guidelines", "readability"] as const).map((key) => ({
        key,
        label: key[0].toUpperCase() + key.slice(1),
        score: 0,
        weight: WEIGHTS[key],
        detail: "There is no text to score yet.",
      })),
    };
  }
  const passiveCount = proseSuggestions(text).filter((s) => s.kind === "passive").length;
  const parts = [tonePart(text, voice), keywordPart(text, voice), guidelinePart(text, voice, passiveCount), readabilityPart(text, voice)];
  return { score: clamp(parts.reduce((sum, p) => sum + p.score * p.weight, 0)), parts };
}

/** Whether a score reaches the Content Generation Threshold (for approving and auto-publishing). */
export function meetsThreshold(score: number, voice: Pick<BrandVoice, "threshold">): boolean {
  return score >= voice.threshold;
}

import { paragraphDiff, proposalDiff } from "../proposal-diff";
import { scoreLocal } from "./score";
import type { ProposalDetails } from "./stream-events";
import { suggestLocal } from "./suggest";
import type { BrandVoice } from "./types";

/** The compare and the remaining one-click suggestions for a proposal, whichever provider wrote it. */
export function proposalDetails(before: string, after: string, voice: BrandVoice): ProposalDetails {
  const score = scoreLocal(after, voice);
  return {
    diff: proposalDiff(before, after),
    paragraphs: paragraphDiff(before, after),
    // What the writer may tick: keywords at their place and active-voice rewrites (word swaps stay in the suggestion list).
    suggestions: suggestLocal(after, voice).filter((s) => (s.kind === "keyword" || s.kind === "passive") && s.replacement !== undefined),
    remaining: score.parts.filter((p) => p.score < voice.threshold).flatMap((p) => p.fixes),
    scoreBefore: before.trim() ? scoreLocal(before, voice).score : null,
    scoreAfter: score.score,
  };
}

import { markdownToHtml } from "../markdown";
import { paragraphDiff, paragraphsOf, proposalDiff } from "../proposal-diff";
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
    // What the writer may tick: active-voice rewrites in the sentence's own words (keywords are notes, decision 038).
    suggestions: score.outline ? [] : suggestLocal(after, voice).filter((s) => s.kind === "passive" && s.replacement !== undefined),
    remaining: score.outline ? [] : score.parts.filter((p) => p.score < voice.threshold).flatMap((p) => p.fixes),
    scoreBefore: before.trim() && !scoreLocal(before, voice).outline ? scoreLocal(before, voice).score : null,
    scoreAfter: score.outline ? null : score.score,
    blocks: paragraphsOf(after).map(markdownToHtml),
  };
}

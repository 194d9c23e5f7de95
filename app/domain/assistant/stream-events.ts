import type { DiffPart, ParagraphRow } from "../proposal-diff";
import type { Suggestion } from "../suggestions";
import type { AssistantAnswer, ScoreFix } from "./types";

/** What the proposal view needs besides the text: the compare, and what the assistant could not do safely. */
export interface ProposalDetails {
  diff: DiffPart[];
  /** The compare, paragraph by paragraph. */
  paragraphs: ParagraphRow[];
  /** One-click changes the writer may add (missing keywords, passive rewrites), located in the proposed text. */
  suggestions: Suggestion[];
  /** What still holds a part of the score below the threshold, with where. */
  remaining: ScoreFix[];
  /** The score before and after; after is null for an outline (not scored as a finished text). */
  scoreBefore: number | null;
  scoreAfter: number | null;
  /** The proposal's paragraphs through the one renderer, for a draft shown below the writer's text. */
  blocks: string[];
}

/** One line of the /assistant/generate stream (newline-delimited JSON). */
export type GenerateEvent =
  | { type: "delta"; text: string }
  /** Discard what was streamed so far (a retry, or the built-in assistant answers instead). */
  | { type: "restart" }
  | ({ type: "done"; answer: AssistantAnswer } & ProposalDetails)
  | { type: "error"; error: string };

export const GENERATE_PURPOSES = ["enhance", "draft"] as const;
export type GeneratePurpose = (typeof GENERATE_PURPOSES)[number];

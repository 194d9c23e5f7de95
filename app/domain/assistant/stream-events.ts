import type { DiffPart } from "../proposal-diff";
import type { AssistantAnswer } from "./types";

/** One line of the /assistant/generate stream (newline-delimited JSON). */
export type GenerateEvent =
  | { type: "delta"; text: string }
  /** Discard what was streamed so far (a retry, or the built-in assistant answers instead). */
  | { type: "restart" }
  | { type: "done"; answer: AssistantAnswer; diff: DiffPart[] }
  | { type: "error"; error: string };

export const GENERATE_PURPOSES = ["enhance", "draft"] as const;
export type GeneratePurpose = (typeof GENERATE_PURPOSES)[number];

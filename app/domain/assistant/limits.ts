/** The longest text the assistant reads: the editor's own limit. */
export const MAX_ASSISTANT_TEXT = 200_000;

export const EMPTY_TEXT_MESSAGE = "There is no text yet: write something first, then ask the assistant.";

export function tooLongMessage(length: number): string {
  return `The text is ${length.toLocaleString("en")} characters; the assistant reads at most ${MAX_ASSISTANT_TEXT.toLocaleString("en")}. Split it into several items.`;
}

/** A clear message for text the assistant cannot work on, or null when it can. */
export function assistantTextProblem(text: string): string | null {
  if (text.trim().length === 0) return EMPTY_TEXT_MESSAGE;
  if (text.length > MAX_ASSISTANT_TEXT) return tooLongMessage(text.length);
  return null;
}

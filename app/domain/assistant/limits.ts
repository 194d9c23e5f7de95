/** The longest text the assistant reads: the editor's own limit. */
export const MAX_ASSISTANT_TEXT = 200_000;

/** A clear message for text the assistant cannot work on, or null when it can. */
export function assistantTextProblem(text: string): string | null {
  if (text.trim().length === 0) return "There is no text yet: write something first, then ask the assistant.";
  if (text.length > MAX_ASSISTANT_TEXT) {
    return `The text is ${text.length.toLocaleString("en")} characters; the assistant reads at most ${MAX_ASSISTANT_TEXT.toLocaleString("en")}. Split it into several items.`;
  }
  return null;
}

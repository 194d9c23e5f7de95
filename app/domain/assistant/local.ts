import { applySuggestion, quickSuggestions } from "../suggestions";
import { textStats } from "../text-stats";
import { localCaption } from "./caption";
import type { Assistant, AssistantAnswer, BrandVoice, VoiceScore } from "./types";

const NO_USAGE = { prompt: 0, completion: 0 };
const answer = (text: string): AssistantAnswer => ({ text, source: "local", usage: NO_USAGE });

/** Placeholder score: readability only, until the brand-voice score lands. */
function score(text: string, _voice: BrandVoice): VoiceScore {
  const readability = textStats(text).readability;
  return { score: readability, parts: [{ key: "readability", label: "Readability", score: readability, weight: 1, detail: "" }] };
}

/** The built-in assistant: no network, deterministic. Placeholder rules until the assistant work lands. */
export const localAssistant: Assistant = {
  suggest: (text) => quickSuggestions(text, Number.POSITIVE_INFINITY),
  score,
  async enhance({ text }) {
    const suggestions = quickSuggestions(text, Number.POSITIVE_INFINITY).reverse();
    return answer(suggestions.reduce(applySuggestion, text));
  },
  async draft({ title, brief }) {
    return answer(`# ${title}\n\n${brief}`);
  },
  async caption(request) {
    return answer(localCaption(request));
  },
};

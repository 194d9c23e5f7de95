import { localCaption } from "./caption";
import { draftLocal } from "./draft";
import { enhanceLocal } from "./enhance";
import { scoreLocal } from "./score";
import { suggestLocal } from "./suggest";
import type { Assistant, AssistantAnswer } from "./types";

const NO_USAGE = { prompt: 0, completion: 0 };
const answer = (text: string): AssistantAnswer => ({ text, source: "local", usage: NO_USAGE });

/** The built-in assistant: the retext prose rules plus our brand-voice rules. No network, deterministic. */
export const localAssistant: Assistant = {
  suggest: suggestLocal,
  score: scoreLocal,
  async enhance({ text, voice }) {
    const result = enhanceLocal(text, voice);
    return { ...answer(result.text), changes: result.applied.map((s) => s.message) };
  },
  async draft(request) {
    return { ...answer(draftLocal(request)), outline: true };
  },
  async caption(request) {
    return answer(localCaption(request));
  },
};

import { resourceFormAction } from "~/action.server";
import { CheckSchema } from "~/domain/assistant-forms";
import { meetsThreshold } from "~/domain/assistant/score";
import { assistantTextProblem, tooLongMessage } from "~/domain/assistant/limits";
import { MAX_REQUEST_BYTES } from "~/domain/editor-limits";
import { checkText } from "~/models/assistant.server";
import { fail, ok } from "~/reply.server";

// The editor's live check: suggestions and the brand-voice score, computed here so the prose rules stay off the client.
export const action = resourceFormAction(
  async ({ fields }) => {
    const { text } = CheckSchema.parse(fields);
    const problem = assistantTextProblem(text);
    if (problem) return fail("invalid", problem);
    const { suggestions, score, voice } = await checkText(text);
    return ok({ suggestions, score, threshold: voice.threshold, meets: meetsThreshold(score.score, voice) });
  },
  { resource: true, maxBytes: MAX_REQUEST_BYTES, tooLarge: (bytes) => fail("invalid", tooLongMessage(bytes)) },
);

import { routeAction } from "~/web/action.server";
import { CheckSchema } from "~/domain/assistant-forms";
import { meetsThreshold } from "~/domain/assistant/score";
import { assistantTextProblem, tooLongMessage } from "~/domain/assistant/limits";
import { MAX_REQUEST_BYTES } from "~/domain/editor-limits";
import { articleText } from "~/domain/markdown";
import { textStats } from "~/domain/text-stats";
import { checkText } from "~/models/assistant.server";
import { fail, ok } from "~/web/reply.server";

// The editor's live check: suggestions, the brand-voice score and the text's figures, computed here so the prose rules stay off the client.
export const action = routeAction({
  // No permission: the built-in checker reads the text it is sent (no model, no tokens) and writes nothing.
  handler: async ({ fields }) => {
    const { text } = CheckSchema.parse(fields);
    const problem = assistantTextProblem(text);
    if (problem) return fail("invalid", problem);
    const { suggestions, score, voice } = await checkText(text);
    const stats = textStats(articleText(text));
    return ok({ suggestions, score, threshold: voice.threshold, meets: meetsThreshold(score.score, voice), stats });
  },
  resource: true,
  maxBytes: MAX_REQUEST_BYTES,
  tooLarge: (bytes) => fail("invalid", tooLongMessage(bytes)),
});

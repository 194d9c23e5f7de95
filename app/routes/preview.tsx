import { resourceFormAction } from "~/action.server";
import { CheckSchema } from "~/domain/assistant-forms";
import { MAX_BODY_MESSAGE, MAX_REQUEST_BYTES } from "~/domain/editor-limits";
import { markdownToHtml } from "~/domain/markdown";
import { fail, ok } from "~/reply.server";

// The editor's Preview: the one renderer's sanitised HTML, made here so the Markdown pipeline stays
// off the client (the same HTML publish payloads carry).
export const action = resourceFormAction(
  async ({ fields }) => {
    const { text } = CheckSchema.parse(fields);
    return ok({ html: markdownToHtml(text) });
  },
  { resource: true, maxBytes: MAX_REQUEST_BYTES, tooLarge: () => fail("invalid", MAX_BODY_MESSAGE) },
);

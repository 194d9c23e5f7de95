import { routeAction, type ActionInput } from "~/web/action.server";
import { requireEditableItem } from "~/web/authorize.server";
import { GenerateSchema } from "~/domain/assistant-forms";
import { assistantTextProblem, MAX_ASSISTANT_TEXT, tooLongMessage } from "~/domain/assistant/limits";
import type { GenerateEvent } from "~/domain/assistant/stream-events";
import type { ContentType } from "~/domain/content";
import { MAX_REQUEST_BYTES } from "~/domain/editor-limits";
import { fitCaption } from "~/domain/assistant/caption";
import { platformFor } from "~/domain/assistant/draft-platform";
import { proposalDetails } from "~/domain/assistant/proposal-details";
import { getBrandVoice } from "~/models/assistant.server";
import { getAssistant } from "~/services/assistant.server";
import { getEditorItem } from "~/models/content.server";
import { findLibrarySources } from "~/models/library-passages.server";
import { fail, invalid } from "~/web/reply.server";

/**
 * AI Enhance and AI Draft for the editor: answers as newline-delimited JSON events so a model's text
 * streams in as it is written; the last event is "done" with the whole answer (or "error").
 * Nothing is saved here: the writer accepts or discards the proposal.
 */
export const action = routeAction({
  handler: generate,
  resource: true,
  maxBytes: MAX_REQUEST_BYTES,
  tooLarge: (bytes) => fail("invalid", tooLongMessage(bytes)),
});

async function generate({ user, fields, request }: ActionInput) {
  await requireEditableItem(user, fields.id);
  const parsed = GenerateSchema.safeParse(fields);
  if (!parsed.success) return invalid(parsed.error);
  const { id, purpose, text = "", brief = "" } = parsed.data;
  if (text.length > MAX_ASSISTANT_TEXT) return fail("invalid", tooLongMessage(text.length));
  if (purpose === "enhance") {
    const problem = assistantTextProblem(text);
    if (problem) return fail("invalid", problem);
  } else if (!brief) return fail("invalid", "Write a brief first: what the piece should say and for whom.");
  const item = await getEditorItem(id);
  if (!item) return fail("not-found", "That content item does not exist.");
  const [assistant, voice, sources] = await Promise.all([
    getAssistant({ contentId: id, userId: user.id, purpose }),
    getBrandVoice(),
    purpose === "draft" ? findLibrarySources(`${item.title}. ${brief}`, { exclude: id }) : Promise.resolve([]),
  ]);
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      let open = true;
      // The writer may close the proposal mid-stream: later events have nowhere to go.
      const send = (event: GenerateEvent) => {
        if (!open) return;
        try {
          controller.enqueue(encoder.encode(`${JSON.stringify(event)}\n`));
        } catch {
          open = false;
        }
      };
      const options = {
        signal: request.signal,
        onDelta: (chunk: string) => send({ type: "delta", text: chunk }),
        onRestart: () => send({ type: "restart" }),
      };
      try {
        const answer =
          purpose === "enhance"
            ? await assistant.enhance({ text, voice }, options)
            : await assistant.draft({ title: item.title, brief, type: item.type as ContentType, voice, sources }, options);
        const platform = purpose === "draft" ? platformFor(item.type) : null;
        const fitted = platform ? { ...answer, text: fitCaption(answer.text, platform) } : answer;
        send({ type: "done", answer: fitted, ...proposalDetails(text, fitted.text, voice) });
      } catch {
        send({ type: "error", error: "The assistant could not answer. Your text is unchanged; try again." });
      }
      if (open) controller.close();
    },
  });
  return new Response(stream, {
    headers: { "Content-Type": "application/x-ndjson; charset=utf-8", "Cache-Control": "no-store", "X-Accel-Buffering": "no" },
  });
}

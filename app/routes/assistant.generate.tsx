import { json, type ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { assistantTextProblem, MAX_ASSISTANT_TEXT, tooLongMessage } from "~/domain/assistant/limits";
import { GENERATE_PURPOSES, type GenerateEvent } from "~/domain/assistant/stream-events";
import type { ContentType } from "~/domain/content";
import { MAX_REQUEST_BYTES } from "~/domain/editor-limits";
import { proposalDiff } from "~/domain/proposal-diff";
import { canEditContent, forbiddenMessage } from "~/domain/permissions";
import { getBrandVoice } from "~/models/assistant.server";
import { getAssistant } from "~/services/assistant.server";
import { getEditorItem } from "~/models/content.server";
import { requireUser } from "~/session.server";

const GenerateSchema = z.object({
  id: z.string().min(1, "Choose a content item."),
  purpose: z.enum(GENERATE_PURPOSES, { errorMap: () => ({ message: "Ask for enhance or draft." }) }),
  text: z.string().optional(),
  brief: z.string().trim().max(4000, "Keep the brief under 4,000 characters.").optional(),
});

const refuse = (error: string, status: number) => json({ error }, { status });

/**
 * AI Enhance and AI Draft for the editor: answers as newline-delimited JSON events so a model's text
 * streams in as it is written; the last event is "done" with the whole answer (or "error").
 * Nothing is saved here: the writer accepts or discards the proposal.
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const length = Number(request.headers.get("Content-Length") ?? 0);
  if (length > MAX_REQUEST_BYTES) return refuse(tooLongMessage(length), 400);
  const parsed = GenerateSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return refuse(parsed.error.issues[0].message, 400);
  const { id, purpose, text = "", brief = "" } = parsed.data;
  if (text.length > MAX_ASSISTANT_TEXT) return refuse(tooLongMessage(text.length), 400);
  if (purpose === "enhance") {
    const problem = assistantTextProblem(text);
    if (problem) return refuse(problem, 400);
  } else if (!brief) return refuse("Write a brief first: what the piece should say and for whom.", 400);
  const item = await getEditorItem(id);
  if (!item) return refuse("That content item does not exist.", 404);
  if (!canEditContent(user, { authorId: item.author.id, status: item.status })) {
    return refuse(user.role === "Writer" ? "Writers can only change their own drafts." : forbiddenMessage(user.role, "content.editAny"), 403);
  }
  const [assistant, voice] = await Promise.all([getAssistant({ contentId: id, userId: user.id, purpose }), getBrandVoice()]);
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
      const options = { signal: request.signal, onDelta: (chunk: string) => send({ type: "delta", text: chunk }), onRestart: () => send({ type: "restart" }) };
      try {
        const answer =
          purpose === "enhance"
            ? await assistant.enhance({ text, voice }, options)
            : await assistant.draft({ title: item.title, brief, type: item.type as ContentType, voice }, options);
        send({ type: "done", answer, diff: proposalDiff(text, answer.text) });
      } catch {
        send({ type: "error", error: "The assistant could not answer. Your text is unchanged; try again." });
      }
      if (open) controller.close();
    },
  });
  return new Response(stream, { headers: { "Content-Type": "application/x-ndjson; charset=utf-8", "Cache-Control": "no-store", "X-Accel-Buffering": "no" } });
}

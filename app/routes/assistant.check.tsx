import { json, type ActionFunctionArgs } from "@remix-run/node";
import { meetsThreshold } from "~/domain/assistant/score";
import { assistantTextProblem, tooLongMessage } from "~/domain/assistant/limits";
import type { VoiceScore } from "~/domain/assistant/types";
import { MAX_REQUEST_BYTES } from "~/domain/editor-limits";
import type { Suggestion } from "~/domain/suggestions";
import { checkText } from "~/models/assistant.server";
import { requireUser } from "~/session.server";

export type CheckReply = { ok: true; suggestions: Suggestion[]; score: VoiceScore; threshold: number; meets: boolean } | { ok: false; error: string };

// The editor's live check: suggestions and the brand-voice score, computed here so the prose rules stay off the client.
export async function action({ request }: ActionFunctionArgs) {
  await requireUser(request);
  const length = Number(request.headers.get("Content-Length") ?? 0);
  if (length > MAX_REQUEST_BYTES) return json<CheckReply>({ ok: false, error: tooLongMessage(length) }, { status: 400 });
  const text = String((await request.formData()).get("text") ?? "");
  const problem = assistantTextProblem(text);
  if (problem) return json<CheckReply>({ ok: false, error: problem }, { status: 400 });
  const { suggestions, score, voice } = await checkText(text);
  return json<CheckReply>({ ok: true, suggestions, score, threshold: voice.threshold, meets: meetsThreshold(score.score, voice) });
}

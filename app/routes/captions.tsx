import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { fieldErrors } from "~/domain/auth-forms";
import { fitCaption, localCaption } from "~/domain/assistant/caption";
import { GenerateCaptionSchema, SaveCaptionSchema } from "~/domain/assistant/caption-forms";
import { PLATFORM_LABELS } from "~/domain/assistant/caption-length";
import type { AssistantAnswer, CaptionRequest } from "~/domain/assistant/types";
import { TAGS_MAX, TITLE_MAX } from "~/domain/content-forms";
import { getBrandVoice } from "~/models/assistant.server";
import { getAssistant } from "~/services/assistant.server";
import { createContent } from "~/models/content-write.server";
import { getQuickActionSource } from "~/models/visual.server";
import { denied, requireUser } from "~/session.server";

export type CaptionReply =
  | { ok: true; intent: "generate"; caption: string; platform: string; source: AssistantAnswer["source"]; model?: string; fallbackReason?: string; note?: string }
  | { ok: true; intent: "save"; saved: { id: string; title: string } }
  | { ok: false; error: string; errors: Record<string, string> };

const MAX_CAPTION_REQUEST_BYTES = 1024 * 1024;

const refuse = (status: number, error: string, errors: Record<string, string> = {}) => json<CaptionReply>({ ok: false, error, errors }, { status });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return redirect("/");
}

/** Generate Caption: "generate" asks the assistant; "save" keeps the (edited) caption as a caption item. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  // Far above any platform's limit: refused before the form is read.
  if (Number(request.headers.get("Content-Length") ?? 0) > MAX_CAPTION_REQUEST_BYTES) return refuse(400, "That caption is far too long for any platform.", { caption: "That caption is far too long for any platform." });
  const form = Object.fromEntries(await request.formData());
  if (form.intent === "save") {
    const refused = denied(user, "content.create");
    if (refused) return refused;
    const parsed = SaveCaptionSchema.safeParse(form);
    if (!parsed.success) return refuse(400, "The caption was not saved.", fieldErrors(parsed.error));
    const item = await getQuickActionSource(parsed.data.contentId);
    if (!item) return refuse(404, "That content item does not exist.", { contentId: "That content item does not exist." });
    const title = `${PLATFORM_LABELS[parsed.data.platform]} caption: ${item.title}`.slice(0, TITLE_MAX);
    const tags = item.tags.map((t) => t.name).slice(0, TAGS_MAX);
    const saved = await createContent({ title, type: "caption", tags, body: parsed.data.caption, authorId: user.id });
    return json<CaptionReply>({ ok: true, intent: "save", saved: { id: saved.id, title } });
  }
  if (form.intent !== "generate") return refuse(400, "Unknown action: use generate or save.");
  const parsed = GenerateCaptionSchema.safeParse(form);
  if (!parsed.success) return refuse(400, "No caption was generated.", fieldErrors(parsed.error));
  const { contentId, platform } = parsed.data;
  const item = await getQuickActionSource(contentId);
  if (!item) return refuse(404, "That content item does not exist.", { contentId: "That content item does not exist." });
  const captionRequest: CaptionRequest = { title: item.title, body: item.body, tags: item.tags.map((t) => t.name), platform, voice: await getBrandVoice() };
  const answer = await captionFrom(captionRequest, contentId, user.id);
  return json<CaptionReply>({
    ok: true,
    intent: "generate",
    caption: fitCaption(answer.text, platform),
    platform,
    source: answer.source,
    model: answer.model,
    fallbackReason: answer.fallbackReason,
    note: item.body.trim() ? undefined : "This item has no text yet, so the caption is built from its title and tags.",
  });
}

/** The assistant's caption; should the assistant itself fail, the built-in one answers. */
async function captionFrom(request: CaptionRequest, contentId: string, userId: string): Promise<AssistantAnswer> {
  try {
    const answer = await (await getAssistant({ contentId, userId, purpose: "caption" })).caption(request);
    if (answer.text.trim()) return answer;
    return { text: localCaption(request), source: "local", usage: { prompt: 0, completion: 0 }, fallbackReason: "The assistant returned an empty caption." };
  } catch {
    return { text: localCaption(request), source: "local", usage: { prompt: 0, completion: 0 }, fallbackReason: "The assistant could not answer." };
  }
}

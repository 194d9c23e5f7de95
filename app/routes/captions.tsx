import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { resourceIntentAction, type ActionInput } from "~/action.server";
import { requirePermission } from "~/authorize.server";
import { fitCaption, localCaption } from "~/domain/assistant/caption";
import { GenerateCaptionSchema, SaveCaptionSchema } from "~/domain/assistant/caption-forms";
import { PLATFORM_LABELS } from "~/domain/assistant/caption-length";
import type { AssistantAnswer, CaptionRequest } from "~/domain/assistant/types";
import { TAGS_MAX, TITLE_MAX } from "~/domain/content-forms";
import { getBrandVoice } from "~/models/assistant.server";
import { getAssistant } from "~/services/assistant.server";
import { createContent } from "~/models/content-write.server";
import { getQuickActionSource } from "~/models/visual.server";
import { fail, invalid, ok } from "~/reply.server";
import { requireUser } from "~/session.server";

const MAX_CAPTION_REQUEST_BYTES = 1024 * 1024;
const NO_ITEM = "That content item does not exist.";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return redirect("/");
}

/** Saving keeps the (edited) caption as a caption item. */
async function save({ user, fields }: ActionInput) {
  requirePermission(user, "content.create");
  const parsed = SaveCaptionSchema.safeParse(fields);
  if (!parsed.success) return invalid(parsed.error, "The caption was not saved.");
  const item = await getQuickActionSource(parsed.data.contentId);
  if (!item) return fail("not-found", NO_ITEM, { contentId: NO_ITEM });
  const title = `${PLATFORM_LABELS[parsed.data.platform]} caption: ${item.title}`.slice(0, TITLE_MAX);
  const tags = item.tags.map((t) => t.name).slice(0, TAGS_MAX);
  const saved = await createContent({ title, type: "caption", tags, body: parsed.data.caption, authorId: user.id });
  return ok({ intent: "save" as const, saved: { id: saved.id, title } });
}

/** Generating asks the assistant for a caption that fits the platform. */
async function generate({ user, fields }: ActionInput) {
  const parsed = GenerateCaptionSchema.safeParse(fields);
  if (!parsed.success) return invalid(parsed.error, "No caption was generated.");
  const { contentId, platform } = parsed.data;
  const item = await getQuickActionSource(contentId);
  if (!item) return fail("not-found", NO_ITEM, { contentId: NO_ITEM });
  const captionRequest: CaptionRequest = {
    title: item.title,
    body: item.body,
    tags: item.tags.map((t) => t.name),
    platform,
    voice: await getBrandVoice(),
  };
  const answer = await captionFrom(captionRequest, contentId, user.id);
  return ok({
    intent: "generate" as const,
    caption: fitCaption(answer.text, platform),
    platform,
    source: answer.source,
    model: answer.model,
    fallbackReason: answer.fallbackReason,
    note: item.body.trim() ? undefined : "This item has no text yet, so the caption is built from its title and tags.",
  });
}

const TOO_LONG = "That caption is far too long for any platform.";

/** Generate Caption: "generate" asks the assistant; "save" keeps the (edited) caption as a caption item. */
export const action = resourceIntentAction(
  { generate, save },
  // Far above any platform's limit: refused before the form is read.
  {
    resource: true,
    unknownIntent: () => "Unknown action: use generate or save.",
    maxBytes: MAX_CAPTION_REQUEST_BYTES,
    tooLarge: () => fail("invalid", TOO_LONG, { caption: TOO_LONG }),
  },
);

/** The assistant's caption; should the assistant itself fail, the built-in one answers. */
async function captionFrom(request: CaptionRequest, contentId: string, userId: string): Promise<AssistantAnswer> {
  try {
    const answer = await (await getAssistant({ contentId, userId, purpose: "caption" })).caption(request);
    if (answer.text.trim()) return answer;
    return {
      text: localCaption(request),
      source: "local",
      usage: { prompt: 0, completion: 0 },
      fallbackReason: "The assistant returned an empty caption.",
    };
  } catch {
    return {
      text: localCaption(request),
      source: "local",
      usage: { prompt: 0, completion: 0 },
      fallbackReason: "The assistant could not answer.",
    };
  }
}

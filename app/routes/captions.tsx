import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { createOnce, routeAction, type ActionInput } from "~/web/action.server";
import { requireEditableItem, authorize } from "~/web/authorize.server";
import { localCaption } from "~/domain/assistant/caption";
import { fitPost } from "~/domain/channels/variants";
import { GenerateCaptionSchema, SaveCaptionSchema } from "~/domain/assistant/caption-forms";
import type { AssistantAnswer, CaptionRequest, Platform } from "~/domain/assistant/types";
import { getBrandVoice } from "~/models/assistant.server";
import { getAssistant } from "~/services/assistant.server";
import { captionLink, saveCaptionAsPost } from "~/services/channel-posts.server";
import { getQuickActionSource } from "~/models/visual.server";
import { fail, invalid, ok } from "~/web/reply.server";
import { requireUser } from "~/web/session.server";

const MAX_CAPTION_REQUEST_BYTES = 1024 * 1024;
const NO_ITEM = "That content item does not exist.";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return redirect("/");
}

const savedAs = (saved: { postId: string; contentId: string; channel: Platform; created: boolean; status: string }) =>
  ok({ intent: "save" as const, saved });

/**
 * Saving makes the (edited) caption the item's post for that channel: created, or its text replaced.
 * Sent again with its key, a post it created is answered as created, not saved over.
 */
const save = createOnce(
  async ({ user, fields }: ActionInput) => {
    authorize(user, "content.create");
    await requireEditableItem(user, fields.contentId);
    const parsed = SaveCaptionSchema.safeParse(fields);
    if (!parsed.success) return invalid(parsed.error, "The caption was not saved.");
    const { contentId, platform, caption } = parsed.data;
    const result = await saveCaptionAsPost(contentId, platform, caption, user);
    if (!result.ok) {
      const field = result.kind === "not-found" ? "contentId" : result.field === "channel" ? "platform" : result.field ? "caption" : null;
      return fail(result.kind, result.error, field ? { [field]: result.error } : {});
    }
    return savedAs({ postId: result.id, contentId, channel: platform, created: result.created, status: result.status });
  },
  (postId, { fields }) => {
    // The same key comes with the same form (its fingerprint): the post it created, answered as then (new posts are drafts).
    const { contentId, platform } = SaveCaptionSchema.parse(fields);
    return savedAs({ postId, contentId, channel: platform, created: true, status: "draft" });
  },
);

/** Generating asks the assistant for a caption that fits the platform. */
async function generate({ user, fields }: ActionInput) {
  // It may spend model tokens: only members who may write get it.
  authorize(user, "content.create");
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
  const [answer, link] = await Promise.all([captionFrom(captionRequest, contentId, user.id), captionLink(contentId, platform)]);
  return ok({
    intent: "generate" as const,
    // Saved, it becomes the item's post for this channel, which goes out with the link: it fits with it.
    caption: fitPost(platform, answer.text, link),
    link,
    platform,
    source: answer.source,
    model: answer.model,
    fallbackReason: answer.fallbackReason,
    note: item.body.trim() ? undefined : "This item has no text yet, so the caption is built from its title and tags.",
  });
}

const TOO_LONG = "That caption is far too long for any platform.";

/** Generate Caption: "generate" asks the assistant; "save" makes the (edited) caption the item's channel post. */
export const action = routeAction({
  intents: { generate, save },
  resource: true,
  unknownIntent: () => "Unknown action: use generate or save.",
  // Far above any platform's limit: refused before the form is read.
  maxBytes: MAX_CAPTION_REQUEST_BYTES,
  tooLarge: () => fail("invalid", TOO_LONG, { caption: TOO_LONG }),
});

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

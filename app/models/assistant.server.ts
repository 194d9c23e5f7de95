import { localAssistant } from "~/domain/assistant/local";
import type { Assistant, BrandVoice } from "~/domain/assistant/types";
import { prisma } from "~/db.server";
import { assistantWithModel } from "~/services/model-assistant.server";
import { getModelConfig } from "./assistant-model.server";
import { recordAssistantCall } from "./assistant-usage.server";
import { getSettings } from "./settings.server";

/** Who a call is for, so its token usage can be recorded against the item and the member. */
export interface AssistantContext {
  contentId?: string;
  userId?: string;
  /** e.g. "enhance", "draft", "caption", "workflow:generator". */
  purpose?: string;
}

export async function getBrandVoice(): Promise<BrandVoice> {
  const settings = await getSettings();
  const tone = await prisma.brandTone.findUnique({ where: { id: settings.brandToneId } });
  return {
    tone: { id: settings.brandToneId, name: tone?.name ?? settings.brandToneId, description: tone?.description ?? "" },
    keywords: settings.brandKeywords.split(",").map((k) => k.trim()).filter(Boolean),
    guidelines: settings.contentGuidelines,
    creativity: settings.creativityLevel,
    threshold: settings.generationThreshold,
  };
}

/**
 * The assistant for one call: the OpenAI-compatible model when one is configured (Settings, else the
 * AI_BASE_URL/AI_MODEL environment), falling back to the built-in assistant on any failure; otherwise
 * the built-in assistant. Every generating call is recorded with its token usage.
 */
export async function getAssistant(context: AssistantContext = {}): Promise<Assistant> {
  const config = await getModelConfig();
  return assistantWithModel(localAssistant, config, context.purpose, (call) => recordAssistantCall({ ...call, contentId: context.contentId, userId: context.userId }).then(() => undefined));
}

/** Suggestions and the brand-voice score for a text, in the current brand voice (always local). */
export async function checkText(text: string) {
  const voice = await getBrandVoice();
  return { voice, suggestions: localAssistant.suggest(text, voice), score: localAssistant.score(text, voice) };
}

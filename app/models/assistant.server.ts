import { localAssistant } from "~/domain/assistant/local";
import type { Assistant, BrandVoice } from "~/domain/assistant/types";
import { prisma } from "~/db.server";
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
 * The assistant for one call. Placeholder: always the local provider; the assistant work adds the
 * OpenAI-compatible provider (from AI_BASE_URL or Settings), fallback, and usage recording.
 */
export async function getAssistant(_context: AssistantContext = {}): Promise<Assistant> {
  return localAssistant;
}

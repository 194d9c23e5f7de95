import { idInWorkspace } from "~/db/workspace-keys.server";
import { localAssistant } from "~/domain/assistant/local";
import type { BrandVoice } from "~/domain/assistant/types";
import { prisma } from "~/db/db.server";
import { getSettings } from "./settings.server";

export async function getBrandVoice(): Promise<BrandVoice> {
  const settings = await getSettings();
  const tone = await prisma.brandTone.findUnique({ where: idInWorkspace(settings.brandToneId) });
  return {
    tone: { id: settings.brandToneId, name: tone?.name ?? settings.brandToneId, description: tone?.description ?? "" },
    keywords: settings.brandKeywords
      .split(",")
      .map((k) => k.trim())
      .filter(Boolean),
    guidelines: settings.contentGuidelines,
    creativity: settings.creativityLevel,
    threshold: settings.generationThreshold,
  };
}

/** Suggestions and the brand-voice score for a text, in the current brand voice (always local). */
export async function checkText(text: string) {
  const voice = await getBrandVoice();
  return { voice, suggestions: localAssistant.suggest(text, voice), score: localAssistant.score(text, voice) };
}

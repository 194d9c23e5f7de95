import { assistantWithModel } from "~/adapters/model-assistant.server";
import { localAssistant } from "~/domain/assistant/local";
import type { Assistant } from "~/domain/assistant/types";
import { getModelConfig } from "~/models/assistant-model.server";
import { recordAssistantCall } from "~/models/assistant-usage.server";

/** Who a call is for, so its token usage can be recorded against the item and the member. */
export interface AssistantContext {
  contentId?: string;
  userId?: string;
  /** e.g. "enhance", "draft", "caption", "workflow:generator". */
  purpose?: string;
}

/**
 * The assistant for one call: the OpenAI-compatible model when one is configured (Settings, else the
 * AI_BASE_URL/AI_MODEL environment), falling back to the built-in assistant on any failure; otherwise
 * the built-in assistant. Every generating call is recorded with its token usage.
 */
export async function getAssistant(context: AssistantContext = {}): Promise<Assistant> {
  const config = await getModelConfig();
  return assistantWithModel(localAssistant, config, context.purpose, (call) =>
    recordAssistantCall({ ...call, contentId: context.contentId, userId: context.userId }).then(() => undefined),
  );
}

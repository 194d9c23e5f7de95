import { enhanceMessages, draftMessages, temperatureFor } from "~/domain/assistant/prompts";
import type { Assistant, AssistantAnswer, CallOptions, CallRecord } from "~/domain/assistant/types";
import { chatComplete, type ChatMessage, type ChatModelConfig } from "./chat-completions.server";

export type { CallRecord };

type Recorder = (call: CallRecord) => Promise<void> | void;

/** Wording the editor shows when the model failed and the built-in assistant answered. */
export const fallbackReason = (message: string) => `The model was unavailable: ${message} The built-in assistant answered instead.`;

/**
 * An assistant that asks the model for enhance and draft and falls back to `local` on any failure
 * (the local answer carries fallbackReason; the writer's text is never changed by a failure).
 * Suggest, score and caption are always local. Every generating call is recorded.
 */
export function assistantWithModel(
  local: Assistant,
  config: ChatModelConfig | null,
  purpose: string | undefined,
  record: Recorder,
): Assistant {
  async function generate(
    kind: "enhance" | "draft",
    messages: ChatMessage[] | null,
    temperature: number,
    fallback: () => Promise<AssistantAnswer>,
    options?: CallOptions,
  ): Promise<AssistantAnswer> {
    const started = Date.now();
    const base = { purpose: purpose ?? kind, durationMs: 0 };
    if (config && messages) {
      try {
        const result = await chatComplete(config, messages, {
          temperature,
          onDelta: options?.onDelta,
          onRestart: options?.onRestart,
          signal: options?.signal,
        });
        await record({
          ...base,
          source: "model",
          model: result.model,
          promptTokens: result.usage.prompt,
          completionTokens: result.usage.completion,
          usageEstimated: result.usageEstimated,
          durationMs: Date.now() - started,
          fallbackReason: null,
        });
        return { text: result.text.trim(), source: "model", model: result.model, usage: result.usage };
      } catch (error) {
        options?.onRestart?.();
        const reason = fallbackReason((error as Error).message);
        const answer = await fallback();
        await record({
          ...base,
          source: "local",
          model: config.model,
          promptTokens: 0,
          completionTokens: 0,
          usageEstimated: false,
          durationMs: Date.now() - started,
          fallbackReason: reason,
        });
        return { ...answer, fallbackReason: reason };
      }
    }
    const answer = await fallback();
    await record({
      ...base,
      source: "local",
      model: null,
      promptTokens: 0,
      completionTokens: 0,
      usageEstimated: false,
      durationMs: Date.now() - started,
      fallbackReason: null,
    });
    return answer;
  }

  return {
    suggest: local.suggest,
    score: local.score,
    enhance: (request, options) =>
      generate(
        "enhance",
        enhanceMessages(request.text, request.voice),
        temperatureFor(request.voice),
        () => local.enhance(request),
        options,
      ),
    draft: (request, options) =>
      generate("draft", draftMessages(request), temperatureFor(request.voice), () => local.draft(request), options),
    async caption(request, options) {
      const started = Date.now();
      const answer = await local.caption(request, options);
      await record({
        purpose: purpose ?? "caption",
        source: "local",
        model: null,
        promptTokens: 0,
        completionTokens: 0,
        usageEstimated: false,
        durationMs: Date.now() - started,
        fallbackReason: null,
      });
      return answer;
    },
  };
}

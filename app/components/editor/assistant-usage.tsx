import type { UsageSummary } from "~/domain/assistant/types";

/** Token usage of this item's assistant calls. */
export function AssistantUsage({ usage, model }: { usage: UsageSummary; model: string | null }) {
  const tokens = usage.promptTokens + usage.completionTokens;
  return (
    <p className="mt-3 border-t border-slate-100 pt-3 text-xs text-slate-500" data-testid="item-usage">
      {usage.calls === 0
        ? "No assistant calls for this item yet."
        : `${usage.calls} assistant ${usage.calls === 1 ? "call" : "calls"} for this item (${usage.modelCalls} by the model${usage.fallbacks ? `, ${usage.fallbacks} fell back` : ""}) · ${tokens.toLocaleString("en")} tokens${usage.estimated ? " (partly estimated)" : ""}.`}{" "}
      {model ? `Model: ${model}.` : "No AI model is configured: the built-in assistant answers."}
    </p>
  );
}

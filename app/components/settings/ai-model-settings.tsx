import { TextField } from "~/components/ui/field";
import { ReplyMessage, errorsOf, primaryButtonSm, secondaryButton, useSettingsFetcher } from "./settings-reply";

export const AI_MODEL_FORM_ID = "ai-model-form";

export interface ModelDisplay {
  baseUrl: string;
  model: string;
  hasKey: boolean;
  from: "settings" | "environment";
}

/** The form element the model fields belong to; it sits outside the main settings form (forms cannot nest). */
export function AiModelForm() {
  const fetcher = useSettingsFetcher("assistant-model");
  return (
    <fetcher.Form method="post" id={AI_MODEL_FORM_ID}>
      <input type="hidden" name="intent" value="assistant-model" />
    </fetcher.Form>
  );
}

/** Settings › AI Agents: which OpenAI-compatible model AI Enhance and AI Draft use. The key is write-only. */
export function AiModelSettings({ current, allowed }: { current: ModelDisplay | null; allowed: boolean }) {
  const fetcher = useSettingsFetcher("assistant-model");
  const errors = errorsOf(fetcher.data);
  const busy = fetcher.state !== "idle";
  const status = current
    ? `Using ${current.model} at ${current.baseUrl}${current.hasKey ? " with an API key" : ""}${current.from === "environment" ? " (from the server's AI_BASE_URL / AI_MODEL settings)" : ""}.`
    : "No model is configured: the built-in assistant (writing rules and templates) answers everything.";
  return (
    <section aria-labelledby="ai-model-title" className="mt-8 border-t border-slate-100 pt-6" data-testid="ai-model">
      <h3 id="ai-model-title" className="text-base font-semibold">
        AI Model
      </h3>
      <p className="mt-1 text-sm text-slate-500">
        Any server that speaks the chat-completions API (OpenAI, Ollama, vLLM, LM Studio). When it fails, the built-in assistant answers and
        the text is left untouched.
      </p>
      <p className="mt-2 text-sm text-slate-700" data-testid="ai-model-status">
        {status}
      </p>
      {allowed ? (
        <div className="mt-4 grid gap-4 md:grid-cols-2">
          <TextField
            form={AI_MODEL_FORM_ID}
            name="baseUrl"
            id="ai-baseUrl"
            label="Base URL"
            placeholder="http://localhost:11434/v1"
            defaultValue={current?.baseUrl ?? ""}
            error={errors.baseUrl}
          />
          <TextField
            form={AI_MODEL_FORM_ID}
            name="model"
            id="ai-model-name"
            label="Model"
            placeholder="llama3.1"
            defaultValue={current?.model ?? ""}
            error={errors.model}
          />
          <TextField
            form={AI_MODEL_FORM_ID}
            name="apiKey"
            id="ai-apiKey"
            type="password"
            autoComplete="off"
            label="API key"
            hint={current?.hasKey ? "A key is stored; leave blank to keep it." : "Leave blank if the server needs none."}
            error={errors.apiKey}
          />
        </div>
      ) : (
        <p className="mt-2 text-sm text-slate-500">Only Admins set the AI model.</p>
      )}
      {allowed ? (
        <div className="mt-4 flex flex-wrap items-center gap-2">
          <button type="submit" form={AI_MODEL_FORM_ID} className={primaryButtonSm} disabled={busy}>
            Save model
          </button>
          {current ? (
            <button
              type="button"
              className={secondaryButton}
              disabled={busy}
              onClick={() => fetcher.submit({ intent: "assistant-model-test" }, { method: "post" })}
            >
              Test connection
            </button>
          ) : null}
          {current?.from === "settings" ? (
            <button
              type="button"
              className={secondaryButton}
              disabled={busy}
              onClick={() => fetcher.submit({ intent: "assistant-model-clear" }, { method: "post" })}
            >
              Remove
            </button>
          ) : null}
          <ReplyMessage reply={fetcher.data} />
        </div>
      ) : null}
    </section>
  );
}

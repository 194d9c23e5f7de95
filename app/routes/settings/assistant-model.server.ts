import { chatComplete } from "~/adapters/chat-completions.server";
import { detectOllama, ollamaBaseUrl } from "~/adapters/ollama.server";
import { authorize } from "~/web/authorize.server";
import { fieldErrors } from "~/domain/field-errors";
import { AssistantModelSchema, LocalModelAccessSchema, OllamaChoiceSchema } from "~/domain/integration-forms";
import {
  clearModelConfig,
  getLocalModelAllowed,
  getModelConfig,
  setLocalModelAllowed,
  setModelConfig,
} from "~/models/assistant-model.server";
import { memberActor, redactSecret } from "~/domain/audit";
import { recordAudit } from "~/models/audit.server";
import { done, failed } from "~/web/reply.server";
import { checkWebhookUrl } from "~/adapters/networks/target-address.server";

const MODEL = { type: "settings", id: "assistant-model", title: "AI model" };
const logged = (config: Record<string, unknown>) => Object.fromEntries(Object.entries(config).map(([k, v]) => [k, redactSecret(k, v)]));
import type { SettingsHandler } from "./reply.server";

/** Settings › AI Agents: the OpenAI-compatible model (Admins only; the key never comes back to the browser). */
export const saveAssistantModel: SettingsHandler = async ({ user, fields }) => {
  authorize(user, "integrations.manage");
  const parsed = AssistantModelSchema.safeParse(fields);
  if (!parsed.success) return failed("assistant-model", "invalid", "The model was not saved: check the fields.", fieldErrors(parsed.error));
  // Refused beside the field, as a webhook is; the client checks again at each connection.
  const target = (await getLocalModelAllowed()) ? null : await checkWebhookUrl(parsed.data.baseUrl);
  if (target && !target.ok)
    return failed("assistant-model", "invalid", "The model was not saved: check the fields.", {
      baseUrl: `${target.error} To use a model server on your own network, allow a local model server below.`,
    });
  await setModelConfig(parsed.data, user.id);
  await recordAudit({ actor: memberActor(user), action: "settings.model-saved", object: MODEL, after: logged(parsed.data) });
  return done("assistant-model", "Model saved. AI Enhance and AI Draft now ask it first.");
};

export const clearAssistantModel: SettingsHandler = async ({ user }) => {
  authorize(user, "integrations.manage");
  await clearModelConfig();
  await recordAudit({ actor: memberActor(user), action: "settings.model-cleared", object: MODEL });
  return done("assistant-model", "Model removed from Settings.");
};

/** One short completion to prove the model answers, with no retries. */
export const testAssistantModel: SettingsHandler = async ({ user }) => {
  authorize(user, "integrations.manage");
  const config = await getModelConfig();
  if (!config) return failed("assistant-model", "invalid", "No model is configured: the built-in assistant answers.");
  const started = Date.now();
  try {
    await chatComplete(
      { ...config, retries: 0, timeoutMs: Math.min(config.timeoutMs ?? 15_000, 15_000) },
      [{ role: "user", content: "Reply with the word ready." }],
      { temperature: 0 },
    );
    return done("assistant-model", `${config.model} answered in ${Date.now() - started} ms.`);
  } catch (error) {
    return failed("assistant-model", "unavailable", `${(error as Error).message} Until it answers, the built-in assistant is used.`);
  }
};

/** Settings › AI Agents › Local model: uses one of the detected Ollama server's models, in one step. */
export const useOllamaModel: SettingsHandler = async ({ user, fields }) => {
  authorize(user, "integrations.manage");
  const parsed = OllamaChoiceSchema.safeParse(fields);
  if (!parsed.success)
    return failed("assistant-model", "invalid", parsed.error.issues[0].message, { model: parsed.error.issues[0].message });
  const ollama = await detectOllama(undefined, { localAllowed: await getLocalModelAllowed() });
  if (!ollama.running) return failed("assistant-model", "unavailable", `${ollama.reason} Start it (ollama serve) and try again.`);
  const { model } = parsed.data;
  if (!ollama.models.some((m) => m.name === model))
    return failed(
      "assistant-model",
      "invalid",
      `The Ollama server at ${ollama.host} has no model “${model}”: run “ollama pull ${model}” first.`,
      {
        model: "Not on the server.",
      },
    );
  const config = { baseUrl: ollamaBaseUrl(ollama.host), model, apiKey: null };
  await setModelConfig(config, user.id);
  await recordAudit({ actor: memberActor(user), action: "settings.model-saved", object: MODEL, after: logged(config) });
  return done("assistant-model", `Using ${model} on the local Ollama server. AI Enhance, AI Draft and the workflow now ask it first.`);
};

/** Settings › AI Agents › Local model: lets the model server and Ollama be on loopback or a private network. */
export const setLocalModelAccess: SettingsHandler = async ({ user, fields }) => {
  authorize(user, "integrations.manage");
  const parsed = LocalModelAccessSchema.safeParse(fields);
  if (!parsed.success) return failed("local-model-access", "invalid", parsed.error.issues[0].message, fieldErrors(parsed.error));
  const allowed = parsed.data.allowed === "on";
  const before = await getLocalModelAllowed();
  if (before === allowed) return done("local-model-access", allowed ? "A local model server was already allowed." : "No change.");
  await setLocalModelAllowed(allowed);
  await recordAudit({
    actor: memberActor(user),
    action: allowed ? "settings.local-model-allowed" : "settings.local-model-refused",
    object: MODEL,
    before: { localModelAllowed: before },
    after: { localModelAllowed: allowed },
  });
  return done(
    "local-model-access",
    allowed
      ? "A model server on this machine or your network is allowed: the model and Ollama may now use local addresses."
      : "Local model servers are no longer allowed: only public addresses are used.",
  );
};

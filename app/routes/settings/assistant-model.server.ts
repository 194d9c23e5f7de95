import { z } from "zod";
import { fieldErrors } from "~/domain/auth-forms";
import { clearModelConfig, getModelConfig, setModelConfig } from "~/models/assistant-model.server";
import { chatComplete } from "~/adapters/chat-completions.server";
import { refuse, reply, type SettingsHandler } from "./reply.server";

const ModelSchema = z.object({
  baseUrl: z
    .string({ required_error: "Enter the server's base URL." })
    .trim()
    .min(1, "Enter the server's base URL.")
    .max(2000, "Use at most 2,000 characters.")
    .url("Enter a full URL, like http://localhost:11434/v1.")
    .refine((u) => /^https?:\/\//i.test(u), "The base URL must start with http:// or https://."),
  model: z.string({ required_error: "Enter the model's name." }).trim().min(1, "Enter the model's name.").max(200, "Use at most 200 characters."),
  apiKey: z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? null : v ?? null), z.string().trim().max(500, "Use at most 500 characters.").nullable()),
});

/** Settings › AI Agents: the OpenAI-compatible model (Admins only; the key never comes back to the browser). */
export const saveAssistantModel: SettingsHandler = async ({ user, form }) => {
  const refused = refuse("assistant-model", user, "integrations.manage");
  if (refused) return refused;
  const parsed = ModelSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return reply("assistant-model", { errors: fieldErrors(parsed.error), message: "The model was not saved: check the fields." }, 400);
  await setModelConfig(parsed.data, user.id);
  return reply("assistant-model", { message: "Model saved. AI Enhance and AI Draft now ask it first." });
};

export const clearAssistantModel: SettingsHandler = async ({ user }) => {
  const refused = refuse("assistant-model", user, "integrations.manage");
  if (refused) return refused;
  await clearModelConfig();
  return reply("assistant-model", { message: "Model removed from Settings." });
};

/** One short completion to prove the model answers, with no retries. */
export const testAssistantModel: SettingsHandler = async ({ user }) => {
  const refused = refuse("assistant-model", user, "integrations.manage");
  if (refused) return refused;
  const config = await getModelConfig();
  if (!config) return reply("assistant-model", { message: "No model is configured: the built-in assistant answers." }, 400);
  const started = Date.now();
  try {
    await chatComplete({ ...config, retries: 0, timeoutMs: Math.min(config.timeoutMs ?? 15_000, 15_000) }, [{ role: "user", content: "Reply with the word ready." }], { temperature: 0 });
    return reply("assistant-model", { message: `${config.model} answered in ${Date.now() - started} ms.` });
  } catch (error) {
    return reply("assistant-model", { message: `${(error as Error).message} Until it answers, the built-in assistant is used.` }, 502);
  }
};

import { thisWorkspace } from "~/db/workspace-keys.server";
import { prisma } from "~/db/db.server";
import { ollamaBaseUrl, ollamaHost } from "~/domain/assistant/ollama-host";
import type { ChatModelConfig } from "~/domain/assistant/types";

export type ModelSource = "settings" | "environment";

/** The model to use: an Admin's choice in Settings wins over AI_BASE_URL/AI_MODEL from the environment. Server only: carries the key. */
export async function getModelConfig(
  env: Record<string, string | undefined> = process.env,
): Promise<(ChatModelConfig & { from: ModelSource }) | null> {
  const [row, localAllowed] = await Promise.all([prisma.assistantModel.findUnique({ where: thisWorkspace() }), getLocalModelAllowed()]);
  if (row) return { baseUrl: row.baseUrl, apiKey: row.apiKey, model: row.model, from: "settings", localAllowed };
  if (env.AI_BASE_URL && env.AI_MODEL) {
    return {
      localAllowed,
      baseUrl: env.AI_BASE_URL,
      apiKey: env.AI_API_KEY || null,
      model: env.AI_MODEL,
      from: "environment",
      ...(env.AI_TIMEOUT_MS ? { timeoutMs: Number(env.AI_TIMEOUT_MS) } : {}),
    };
  }
  // docker compose --profile ai sets these: the local Ollama model, with nothing to configure.
  if (env.OLLAMA_MODEL) {
    return {
      baseUrl: ollamaBaseUrl(ollamaHost(env)),
      apiKey: null,
      localAllowed,
      model: env.OLLAMA_MODEL,
      from: "environment",
      // A local model on CPU takes its time over a long draft.
      timeoutMs: Number(env.AI_TIMEOUT_MS) || 120_000,
    };
  }
  return null;
}

/** What the browser may see: never the key, only whether one is set. */
export async function getModelConfigForDisplay() {
  const config = await getModelConfig();
  return config ? { baseUrl: config.baseUrl, model: config.model, hasKey: !!config.apiKey, from: config.from } : null;
}

/** Sets the model; an empty key keeps the stored one (the form never shows it). */
export async function setModelConfig(input: { baseUrl: string; model: string; apiKey: string | null }, userId: string) {
  const current = await prisma.assistantModel.findUnique({ where: thisWorkspace(), select: { apiKey: true } });
  const apiKey = input.apiKey ?? current?.apiKey ?? null;
  await prisma.assistantModel.upsert({
    where: thisWorkspace(),
    create: { baseUrl: input.baseUrl, model: input.model, apiKey, updatedById: userId },
    update: { baseUrl: input.baseUrl, model: input.model, apiKey, updatedById: userId },
  });
}

export async function clearModelConfig() {
  await prisma.assistantModel.deleteMany({ where: thisWorkspace() });
}

/** Whether the model server and Ollama may be on loopback or a private network (Settings › AI Agents). */
export async function getLocalModelAllowed(): Promise<boolean> {
  const row = await prisma.settings.findUnique({ where: thisWorkspace(), select: { localModelAllowed: true } });
  return row?.localModelAllowed ?? false;
}

export async function setLocalModelAllowed(allowed: boolean) {
  await prisma.settings.update({ where: thisWorkspace(), data: { localModelAllowed: allowed } });
}

import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { detectOllama } from "~/adapters/ollama.server";
import { getModelConfig } from "~/models/assistant-model.server";
import { action as settingsAction, loader as settingsLoader } from "~/routes/settings/route";
import { getAssistant } from "~/services/assistant.server";
import { getBrandVoice } from "~/models/assistant.server";
import { startFakeOllama, type FakeOllama } from "./fake-ollama";
import { SAMPLE, cookieFor, freshSeed, get, post, run } from "./route-helpers";

let fake: FakeOllama | null = null;
const saved = process.env.OLLAMA_HOST;
beforeEach(() => freshSeed());
afterEach(async () => {
  await fake?.close();
  fake = null;
  if (saved === undefined) delete process.env.OLLAMA_HOST;
  else process.env.OLLAMA_HOST = saved;
});

async function downHost() {
  const gone = await startFakeOllama([]);
  await gone.close();
  return gone.host;
}

describe("a local Ollama server", () => {
  it("lists its models", async () => {
    fake = await startFakeOllama(["qwen2.5:0.5b", "llama3.2:1b"]);
    expect(await detectOllama(fake.host)).toEqual({
      host: fake.host,
      running: true,
      models: [
        { name: "llama3.2:1b", size: 1_300_000_000, parameters: "1.2B" },
        { name: "qwen2.5:0.5b", size: 1_300_000_000, parameters: "1.2B" },
      ],
    });
  });
  it("reports a server that is down instead of failing", async () => {
    const host = await downHost();
    expect(await detectOllama(host)).toEqual({ host, running: false, reason: `No Ollama server answers at ${host}.` });
  });
  it("Settings lists the models to Admins; Use makes Enhance ask the chosen one through chat completions", async () => {
    fake = await startFakeOllama(["llama3.2:1b", "qwen2.5:0.5b"]);
    process.env.OLLAMA_HOST = fake.host;
    const admin = await cookieFor(SAMPLE.Admin);
    const page = await run(settingsLoader, get("/settings?tab=agents", admin));
    expect((page.body as { ollama: { models: { name: string }[] } }).ollama.models.map((m) => m.name)).toEqual([
      "llama3.2:1b",
      "qwen2.5:0.5b",
    ]);
    expect((await run(settingsLoader, get("/settings?tab=agents", await cookieFor(SAMPLE.Writer)))).body).toMatchObject({ ollama: null });

    const used = await run(settingsAction, post("/settings", { intent: "assistant-model-ollama", model: "qwen2.5:0.5b" }, admin));
    expect(used).toMatchObject({ status: 200, body: { ok: true } });
    expect(await getModelConfig({})).toMatchObject({ baseUrl: `${fake.host}/v1`, model: "qwen2.5:0.5b", apiKey: null });

    const answer = await (
      await getAssistant({ purpose: "enhance" })
    ).enhance({ text: "Our tool is very good.", voice: await getBrandVoice() });
    expect(answer).toMatchObject({ source: "model", model: "qwen2.5:0.5b", text: "An enhanced text from the local model." });
    expect(fake.chats.map((c) => c.model)).toEqual(["qwen2.5:0.5b"]);
  });
  it("refuses a model the server does not have, and a server that is down, changing nothing", async () => {
    fake = await startFakeOllama(["llama3.2:1b"]);
    process.env.OLLAMA_HOST = fake.host;
    const admin = await cookieFor(SAMPLE.Admin);
    const missing = await run(settingsAction, post("/settings", { intent: "assistant-model-ollama", model: "mistral:7b" }, admin));
    expect(missing).toMatchObject({ status: 400, body: { ok: false, fieldErrors: { model: "Not on the server." } } });
    expect((missing.body as { formError: string }).formError).toContain("run “ollama pull mistral:7b” first");
    process.env.OLLAMA_HOST = await downHost();
    const down = await run(settingsAction, post("/settings", { intent: "assistant-model-ollama", model: "llama3.2:1b" }, admin));
    expect(down.status).toBe(502);
    expect((down.body as { formError: string }).formError).toMatch(
      /^No Ollama server answers at .*Start it \(ollama serve\) and try again\.$/,
    );
    expect(await getModelConfig({})).toBeNull();
    const writer = await run(
      settingsAction,
      post("/settings", { intent: "assistant-model-ollama", model: "llama3.2:1b" }, await cookieFor(SAMPLE.Writer)),
    );
    expect(writer.status).toBe(403);
  });
  it("a chosen model that was removed from the server: the built-in assistant answers and says why", async () => {
    fake = await startFakeOllama(["llama3.2:1b"]);
    process.env.OLLAMA_HOST = fake.host;
    await run(settingsAction, post("/settings", { intent: "assistant-model-ollama", model: "llama3.2:1b" }, await cookieFor(SAMPLE.Admin)));
    fake.models = [];
    const answer = await (
      await getAssistant({ purpose: "enhance" })
    ).enhance({ text: "Our revolutionary tool.", voice: await getBrandVoice() });
    expect(answer.source).toBe("local");
    expect(answer.fallbackReason).toMatch(/The model server has no such address or model: check the base URL and the model name\./);
  });
  it("OLLAMA_MODEL (docker compose --profile ai) uses the local model with nothing to configure", async () => {
    expect(await getModelConfig({ OLLAMA_HOST: "ollama:11434", OLLAMA_MODEL: "llama3.2:1b" })).toMatchObject({
      baseUrl: "http://ollama:11434/v1",
      model: "llama3.2:1b",
      from: "environment",
    });
  });
});

import { afterEach, describe, expect, it } from "vitest";
import { localAssistant } from "~/domain/assistant/local";
import { sampleVoice } from "~/domain/assistant/test-voice";
import { chatComplete } from "~/adapters/chat-completions.server";
import { assistantWithModel, type CallRecord } from "~/adapters/model-assistant.server";
import { startFakeModel, type Behaviour, type FakeModel } from "./fake-model-server";

const voice = sampleVoice("friendly", { creativity: "Creative" });
const text = "We did it in order to learn the the basics.";
const QUICK = { timeoutMs: 300, retries: 2, backoffMs: 5 };
let fake: FakeModel | null = null;
afterEach(async () => {
  await fake?.close();
  fake = null;
});

async function enhanceWith(queue: Behaviour[], stream = false) {
  fake = await startFakeModel(queue);
  const calls: CallRecord[] = [];
  const deltas: string[] = [];
  let restarts = 0;
  const assistant = assistantWithModel(
    localAssistant,
    { baseUrl: fake.baseUrl, apiKey: "sk-test", model: "fake-1", ...QUICK },
    "enhance",
    (c) => void calls.push(c),
  );
  const answer = await assistant.enhance(
    { text, voice },
    stream
      ? {
          onDelta: (d) => deltas.push(d),
          onRestart: () => {
            restarts += 1;
            deltas.length = 0;
          },
        }
      : undefined,
  );
  return { answer, calls, deltas, restarts, requests: fake.requests };
}

const localText = "We did it to learn the basics.";

describe("OpenAI-compatible provider against a loopback server", () => {
  it("sends the brand voice, the model, the key and the Creativity Level's temperature; records the usage", async () => {
    const { answer, calls, requests } = await enhanceWith(["ok"]);
    expect(answer).toEqual({
      text: "A sharper text from the model.",
      source: "model",
      model: "fake-1",
      usage: { prompt: 42, completion: 7 },
    });
    expect(requests[0].auth).toBe("Bearer sk-test");
    expect(requests[0].body).toMatchObject({ model: "fake-1", temperature: 0.9, stream: false });
    const system = requests[0].body.messages[0].content;
    expect(system).toContain("Brand tone: Friendly");
    expect(system).toContain("innovative, data-driven, customer-first, authentic");
    expect(system).toContain("Avoid jargon and hype words");
    expect(requests[0].body.messages[1].content).toContain(text);
    expect(calls).toEqual([
      expect.objectContaining({
        source: "model",
        model: "fake-1",
        promptTokens: 42,
        completionTokens: 7,
        usageEstimated: false,
        fallbackReason: null,
        purpose: "enhance",
      }),
    ]);
  });
  it("streams deltas over server-sent events and reads the usage chunk", async () => {
    const { answer, deltas, calls } = await enhanceWith(["stream"], true);
    expect(deltas.join("")).toBe("A sharper text from the model.");
    expect(deltas.length).toBeGreaterThan(1);
    expect(answer).toMatchObject({ source: "model", text: "A sharper text from the model.", usage: { prompt: 40, completion: 6 } });
    expect(calls[0].usageEstimated).toBe(false);
  });
  it("estimates usage, and says so, when the stream reports none", async () => {
    const { answer, calls } = await enhanceWith(["stream-no-usage"], true);
    expect(answer.usage.completion).toBe(Math.ceil("A sharper text from the model.".length / 4));
    expect(calls[0].usageEstimated).toBe(true);
  });
  it("retries a 500 with backoff and succeeds", async () => {
    const { answer, requests } = await enhanceWith(["500", "ok"]);
    expect(answer.source).toBe("model");
    expect(requests).toHaveLength(2);
  });
  it("a stream cut short is retried from the start, discarding what was streamed", async () => {
    const { answer, deltas, restarts } = await enhanceWith(["cut-stream", "stream"], true);
    expect(restarts).toBe(1);
    expect(deltas.join("")).toBe(answer.text);
    expect(answer.source).toBe("model");
  });

  const failures: [string, Behaviour, number, RegExp][] = [
    ["500 on every attempt", "500", 3, /^(?!.*500).*had an error of its own: try again later\. \(after 3 attempts\)/],
    ["a timeout on every attempt", "hang", 3, /did not answer within 0\.3 s\. \(after 3 attempts\)/],
    ["a body that is not JSON", "not-json", 1, /not JSON/],
    ["JSON without a message", "no-choices", 1, /no message text/],
    ["a refused key (no retry)", "401", 1, /^(?!.*401).*refused the API key: check it\./],
  ];
  it.each(failures)("falls back to the built-in assistant on %s, with a clear reason", async (_name, behaviour, attempts, reason) => {
    const { answer, calls, requests } = await enhanceWith([behaviour]);
    expect(requests).toHaveLength(attempts);
    expect(answer).toMatchObject({ source: "local", text: localText, usage: { prompt: 0, completion: 0 } });
    expect(answer.fallbackReason).toMatch(/^The model was unavailable: /);
    expect(answer.fallbackReason).toMatch(reason);
    expect(answer.fallbackReason).toMatch(/The built-in assistant answered instead\.$/);
    expect(calls).toEqual([expect.objectContaining({ source: "local", model: "fake-1", fallbackReason: answer.fallbackReason })]);
  });
  it("falls back on a malformed stream, and voids what it streamed", async () => {
    const { answer, deltas, restarts } = await enhanceWith(["bad-stream"], true);
    expect(restarts).toBe(1);
    expect(deltas).toEqual([]);
    expect(answer).toMatchObject({ source: "local", text: localText });
    expect(answer.fallbackReason).toMatch(/not JSON/);
  });
  it("falls back when nothing listens on the port", async () => {
    fake = await startFakeModel(["ok"]);
    const baseUrl = fake.baseUrl;
    await fake.close();
    fake = null;
    const assistant = assistantWithModel(localAssistant, { baseUrl, model: "fake-1", ...QUICK }, undefined, () => undefined);
    const answer = await assistant.enhance({ text, voice });
    expect(answer).toMatchObject({ source: "local", text: localText });
    expect(answer.fallbackReason).toMatch(/The model server at 127\.0\.0\.1:\d+: the connection was refused, ECONNREFUSED\./);
  });
  it("draft asks the model for the item type and title; without a model the built-in draft answers", async () => {
    fake = await startFakeModel(["ok"], "# Title\n\nBody.");
    const request = { title: "Spring Launch", brief: "Announce the spring range.", type: "blog" as const, voice };
    const withModel = await assistantWithModel(
      localAssistant,
      { baseUrl: fake.baseUrl, model: "fake-1", ...QUICK },
      "draft",
      () => undefined,
    ).draft(request);
    expect(withModel.text).toBe("# Title\n\nBody.");
    expect(fake.requests[0].body.messages[1].content).toContain("Write a blog titled “Spring Launch”");
    const calls: CallRecord[] = [];
    const offline = await assistantWithModel(localAssistant, null, undefined, (c) => void calls.push(c)).draft(request);
    expect(offline.source).toBe("local");
    expect(offline.text.startsWith("# Spring Launch")).toBe(true);
    expect(calls[0]).toMatchObject({ purpose: "draft", source: "local", model: null, fallbackReason: null });
  });
  it("chatComplete can be cancelled", async () => {
    fake = await startFakeModel(["hang"]);
    const controller = new AbortController();
    const pending = chatComplete({ baseUrl: fake.baseUrl, model: "m", timeoutMs: 5000, retries: 0 }, [{ role: "user", content: "hi" }], {
      temperature: 0,
      signal: controller.signal,
    });
    controller.abort();
    await expect(pending).rejects.toThrow("The request was cancelled.");
  });
});

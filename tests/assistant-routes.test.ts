import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db/db.server";
import type { GenerateEvent } from "~/domain/assistant/stream-events";
import { getModelConfig } from "~/models/assistant-model.server";
import { action as check } from "~/routes/assistant.check";
import { action as generate } from "~/routes/assistant.generate";
import { action as save } from "~/routes/content.$id.save";
import { action as settingsAction, loader as settingsLoader } from "~/routes/settings/route";
import { startFakeModel, type FakeModel } from "./fake-model-server";
import { SAMPLE, cookieFor, freshSeed, get, post, run } from "./route-helpers";

beforeEach(() => freshSeed());
let fake: FakeModel | null = null;
afterEach(async () => {
  await fake?.close();
  fake = null;
});

// run() parses a one-line answer as JSON already; longer streams arrive as text.
const events = (body: unknown): GenerateEvent[] =>
  typeof body === "object"
    ? [body as GenerateEvent]
    : String(body)
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l) as GenerateEvent);
const done = (body: unknown) => events(body).find((e) => e.type === "done") as Extract<GenerateEvent, { type: "done" }>;
const sampleBody = async () => (await prisma.contentItem.findUniqueOrThrow({ where: { id: "content-sample" } })).body;

describe("/assistant/check", () => {
  it("answers located suggestions and the brand-voice score for the current brand voice", async () => {
    const result = await run(check, post("/assistant/check", { text: "We did it in order to learn." }, await cookieFor(SAMPLE.Writer)));
    const body = result.body as {
      ok: boolean;
      suggestions: { kind: string; start: number; end: number }[];
      score: { score: number; parts: unknown[] };
      threshold: number;
    };
    expect(result.status).toBe(200);
    expect(body.suggestions.filter((s) => s.kind !== "keyword")).toEqual([
      expect.objectContaining({ kind: "simplify", start: 10, end: 21 }),
    ]);
    expect(body.score.parts).toHaveLength(4);
    expect(body.threshold).toBe(85);
  });
  it("explains empty and 1 MB text with 400", async () => {
    const cookie = await cookieFor(SAMPLE.Writer);
    expect(await run(check, post("/assistant/check", { text: "  " }, cookie))).toMatchObject({
      status: 400,
      body: { ok: false, formError: "There is no text yet: write something first, then ask the assistant." },
    });
    const big = await run(check, post("/assistant/check", { text: "word ".repeat(200_000) }, cookie));
    expect(big.status).toBe(400);
    expect((big.body as { formError: string }).formError).toMatch(
      /^The text is 1,000,000 characters; the assistant reads at most 200,000\./,
    );
  });
  it("needs a signed-in member", async () => {
    expect((await run(check, post("/assistant/check", { text: "Hi." }))).status).toBe(302);
  });
});

describe("/assistant/generate", () => {
  it("enhances with the built-in assistant when no model is set, records the call and leaves the item untouched", async () => {
    const before = await sampleBody();
    const result = await run(
      generate,
      post("/assistant/generate", { id: "content-sample", purpose: "enhance", text: before }, await cookieFor(SAMPLE.Editor)),
    );
    expect(result.status).toBe(200);
    const answer = done(result.body);
    expect(answer.answer).toMatchObject({ source: "local", usage: { prompt: 0, completion: 0 } });
    expect(answer.answer.text).not.toBe(before);
    expect(answer.diff.some((p) => p.kind === "removed")).toBe(true);
    expect(await sampleBody()).toBe(before);
    expect(await prisma.assistantCall.findMany()).toEqual([
      expect.objectContaining({
        contentId: "content-sample",
        userId: SAMPLE.Editor,
        purpose: "enhance",
        source: "local",
        fallbackReason: null,
      }),
    ]);
  });
  it("streams a configured model's draft, then falls back with a clear reason when it fails", async () => {
    fake = await startFakeModel(["stream", "500"], "# Spring\n\nA fresh draft.");
    await prisma.assistantModel.create({ data: { baseUrl: fake.baseUrl, model: "fake-1", apiKey: "sk-secret" } });
    const cookie = await cookieFor(SAMPLE.Editor);
    const streamed = await run(
      generate,
      post("/assistant/generate", { id: "content-sample", purpose: "draft", brief: "Announce spring. Show the range." }, cookie),
    );
    const list = events(streamed.body);
    expect(list.filter((e) => e.type === "delta").length).toBeGreaterThan(1);
    expect(done(streamed.body).answer).toMatchObject({ source: "model", model: "fake-1", text: "# Spring\n\nA fresh draft." });
    const failed = await run(
      generate,
      post("/assistant/generate", { id: "content-sample", purpose: "draft", brief: "Announce spring." }, cookie),
    );
    const fallback = done(failed.body).answer;
    expect(fallback.source).toBe("local");
    expect(fallback.fallbackReason).toMatch(
      /^The model was unavailable: The model server had an error of its own: try again later\. \(after 3 attempts\)/,
    );
    const calls = await prisma.assistantCall.findMany({ orderBy: { createdAt: "asc" } });
    expect(calls.map((c) => [c.purpose, c.source, c.promptTokens > 0, !!c.fallbackReason])).toEqual([
      ["draft", "model", true, false],
      ["draft", "local", false, true],
    ]);
  });
  it("drafts without a model from the brief and the published library, and leaves the existing text to the writer's choice", async () => {
    const before = await sampleBody();
    const published = await prisma.contentItem.create({
      data: {
        title: "Onboarding checklist lessons",
        type: "blog",
        status: "published",
        publishedAt: new Date(),
        body: "Onboarding checklist lessons\n\nA short onboarding checklist cut our support tickets by a third. Customers finished it in a day.",
        authorId: SAMPLE.Editor,
      },
    });
    const result = await run(
      generate,
      post(
        "/assistant/generate",
        {
          id: "content-sample",
          purpose: "draft",
          text: before,
          brief: "Explain why a short onboarding checklist helps new customers. Cover the checklist, the first week and the numbers.",
        },
        await cookieFor(SAMPLE.Editor),
      ),
    );
    const answer = done(result.body);
    expect(answer.answer.source).toBe("local");
    expect(answer.answer.text).toContain("> A short onboarding checklist cut our support tickets by a third.");
    expect(answer.answer.text).toContain(`— from [Onboarding checklist lessons](/editor?id=${published.id})`);
    // No bracketed placeholder: the only brackets are the source links.
    expect(answer.answer.text.replace(/\[[^\]]+\]\(\/editor\?id=[^)]+\)/g, "")).not.toMatch(/[[\]]/);
    // Compared paragraph by paragraph; the item itself is untouched until the writer picks insert or replace.
    expect(answer.paragraphs.length).toBeGreaterThan(3);
    expect(answer.paragraphs.every((p) => ["same", "changed", "added", "removed"].includes(p.kind))).toBe(true);
    expect(await sampleBody()).toBe(before);
  });
  it("enhance lists what it could not change safely, with a place", async () => {
    const result = await run(
      generate,
      post("/assistant/generate", { id: "content-sample", purpose: "enhance", text: await sampleBody() }, await cookieFor(SAMPLE.Editor)),
    );
    const answer = done(result.body);
    expect(answer.answer.changes?.length).toBeGreaterThan(0);
    // A missing keyword is a note with its place, never a sentence to tick in.
    expect(answer.suggestions.map((s) => s.kind)).not.toContain("keyword");
    expect(answer.remaining.map((r) => r.message).join("\n")).toMatch(/“data-driven” could fit in paragraph \d/);
    expect(answer.scoreAfter).toBeGreaterThanOrEqual(answer.scoreBefore!);
  });
  it("refuses bad input, other writers' items and unknown items", async () => {
    const writer = await cookieFor(SAMPLE.Writer);
    const editor = await cookieFor(SAMPLE.Editor);
    expect(await run(generate, post("/assistant/generate", { id: "content-sample", purpose: "enhance", text: "" }, editor))).toMatchObject({
      status: 400,
      body: { formError: "There is no text yet: write something first, then ask the assistant." },
    });
    expect(await run(generate, post("/assistant/generate", { id: "content-sample", purpose: "draft", brief: " " }, editor))).toMatchObject({
      status: 400,
    });
    const huge = await run(
      generate,
      post("/assistant/generate", { id: "content-sample", purpose: "enhance", text: "x".repeat(1_000_000) }, editor),
    );
    expect(huge).toMatchObject({
      status: 400,
      body: { formError: "The text is 1,000,000 characters; the assistant reads at most 200,000. Split it into several items." },
    });
    expect(await run(generate, post("/assistant/generate", { id: "content-sample", purpose: "rewrite-all" }, editor))).toMatchObject({
      status: 400,
      body: { formError: "Ask for enhance or draft." },
    });
    expect(await run(generate, post("/assistant/generate", { id: "nope", purpose: "enhance", text: "Hi." }, editor))).toMatchObject({
      status: 404,
    });
    const foreign = await prisma.contentItem.findFirstOrThrow({ where: { authorId: { not: SAMPLE.Writer } } });
    expect(
      await run(generate, post("/assistant/generate", { id: foreign.id, purpose: "enhance", text: "Hi there." }, writer)),
    ).toMatchObject({ status: 403 });
    expect(await prisma.assistantCall.count()).toBe(0);
  });
});

describe("accepting a proposal", () => {
  it("saves it as its own labelled revision", async () => {
    const cookie = await cookieFor(SAMPLE.Editor);
    const { version } = await prisma.contentItem.findUniqueOrThrow({ where: { id: "content-sample" } });
    const result = await run(
      save,
      post("/content/content-sample/save", { version: String(version), body: "Enhanced text.", label: "enhanced" }, cookie),
      { id: "content-sample" },
    );
    expect(result).toMatchObject({ status: 200, body: { ok: true } });
    const latest = await prisma.contentRevision.findFirstOrThrow({ where: { contentId: "content-sample" }, orderBy: { version: "desc" } });
    expect(latest).toMatchObject({ label: "Enhanced with the assistant", body: "Enhanced text." });
    expect(
      (
        await run(save, post("/content/content-sample/save", { version: String(version + 1), body: "x", label: "magic" }, cookie), {
          id: "content-sample",
        })
      ).status,
    ).toBe(400);
  });
});

describe("Settings › AI Agents model", () => {
  const form = (fields: Record<string, string>) => ({ intent: "assistant-model", ...fields });
  it("an Admin sets it; the key is stored but never sent to the browser; blank keeps the key", async () => {
    const admin = await cookieFor(SAMPLE.Admin);
    const saved = await run(
      settingsAction,
      post("/settings", form({ baseUrl: "http://100.128.0.9/v1", model: "llama3", apiKey: "sk-very-secret" }), admin),
    );
    expect(saved.status).toBe(200);
    const page = await run(settingsLoader, get("/settings?tab=agents", admin));
    expect(JSON.stringify(page.body)).not.toContain("sk-very-secret");
    expect((page.body as { aiModel: unknown }).aiModel).toEqual({
      baseUrl: "http://100.128.0.9/v1",
      model: "llama3",
      hasKey: true,
      from: "settings",
    });
    await run(settingsAction, post("/settings", form({ baseUrl: "http://100.128.0.9/v1", model: "llama3.1", apiKey: "" }), admin));
    expect(await getModelConfig({})).toMatchObject({ model: "llama3.1", apiKey: "sk-very-secret" });
  });
  it("refuses Editors and bad URLs", async () => {
    expect(
      (await run(settingsAction, post("/settings", form({ baseUrl: "http://x/v1", model: "m" }), await cookieFor(SAMPLE.Editor)))).status,
    ).toBe(403);
    const bad = await run(settingsAction, post("/settings", form({ baseUrl: "ftp://x", model: "" }), await cookieFor(SAMPLE.Admin)));
    expect(bad.status).toBe(400);
    expect((bad.body as { fieldErrors: Record<string, string> }).fieldErrors).toMatchObject({
      baseUrl: "The base URL must start with http:// or https://.",
      model: "Enter the model's name.",
    });
    expect(await prisma.assistantModel.count()).toBe(0);
  });
  it("falls back to AI_BASE_URL / AI_MODEL / AI_API_KEY from the environment", async () => {
    expect(await getModelConfig({ AI_BASE_URL: "http://env/v1", AI_MODEL: "env-model", AI_API_KEY: "k" })).toEqual({
      baseUrl: "http://env/v1",
      model: "env-model",
      apiKey: "k",
      from: "environment",
      localAllowed: false,
    });
    expect(await getModelConfig({})).toBeNull();
  });
});

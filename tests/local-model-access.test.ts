// A model server on this machine or the team's network (Ollama on localhost, say) is reached only
// once an Admin allows it in Settings › AI Agents, and that choice is in the audit log. Until then
// the model's Test and the Ollama check are refused with the reason and send nothing; the errors
// shown never carry the model server's status code.
import { thisWorkspace } from "~/db/workspace-keys.server";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { detectOllama } from "~/adapters/ollama.server";
import { prisma } from "~/db/db.server";
import { getLocalModelAllowed } from "~/models/assistant-model.server";
import { action as settingsAction, loader as settingsLoader } from "~/routes/settings/route";
import { startFakeModel, type FakeModel } from "./fake-model-server";
import { startFakeOllama, type FakeOllama } from "./fake-ollama";
import { SAMPLE, cookieFor, freshSeed, get, post, run } from "./route-helpers";

let model: FakeModel;
let ollama: FakeOllama;
let admin: string;

beforeEach(async () => {
  await freshSeed();
  model = await startFakeModel(["401", "ok"]);
  ollama = await startFakeOllama(["llama3.2:1b"]);
  delete process.env.STUDIO_ALLOW_PRIVATE_TARGETS; // the fakes set it; this file is about going without it
  delete process.env.OLLAMA_HOST;
  await prisma.assistantModel.create({ data: { baseUrl: model.baseUrl, model: "fake-1", updatedById: SAMPLE.Admin } });
  admin = await cookieFor(SAMPLE.Admin);
});
afterEach(async () => {
  await model.close();
  await ollama.close();
});

const allow = (allowed: string) => run(settingsAction, post("/settings", { intent: "local-model-access", allowed }, admin));
const testModel = () => run(settingsAction, post("/settings", { intent: "assistant-model-test" }, admin));
const formError = (outcome: { body: unknown }) => (outcome.body as { formError: string }).formError;
const audits = () => prisma.auditEntry.findMany({ where: { action: { startsWith: "settings.local-model" } }, orderBy: { at: "asc" } });

describe("a local model server", () => {
  it("is refused until an Admin allows it, with the reason and nothing sent", async () => {
    const refused = await testModel();
    expect(refused.status).toBe(502);
    expect(formError(refused)).toMatch(
      /^The model server at 127\.0\.0\.1 is a private or local address; the studio does not connect to those/,
    );
    expect(formError(refused)).toContain("allow a local model server in Settings › AI Agents");
    expect(model.requests).toHaveLength(0);
    expect(await detectOllama(ollama.host)).toMatchObject({
      running: false,
      refused: true,
      reason: expect.stringContaining("is on a local address"),
    });
  });

  it("is reached once allowed; turning it on and off is audited; its errors name no status code", async () => {
    const allowed = await allow("on");
    expect(allowed).toMatchObject({ status: 200, body: { ok: true } });
    expect(await getLocalModelAllowed()).toBe(true);
    const page = await run(settingsLoader, get("/settings?tab=agents", admin));
    expect((page.body as { values: { localModelAllowed: boolean } }).values.localModelAllowed).toBe(true);

    const keyRefused = await testModel();
    expect(formError(keyRefused)).toMatch(/^The model server refused the API key: check it\./);
    expect(formError(keyRefused)).not.toMatch(/401|Unauthorized/);
    expect((await testModel()).status).toBe(200);
    expect(model.requests).toHaveLength(2);
    expect(await detectOllama(ollama.host, { localAllowed: true })).toMatchObject({ running: true });

    await allow("off");
    expect(formError(await testModel())).toContain("is a private or local address");
    expect(model.requests).toHaveLength(2);
    expect(
      (await audits()).map((a) => ({ action: a.action, actorId: a.actorId, before: JSON.parse(a.before!), after: JSON.parse(a.after!) })),
    ).toEqual([
      {
        action: "settings.local-model-allowed",
        actorId: SAMPLE.Admin,
        before: { localModelAllowed: false },
        after: { localModelAllowed: true },
      },
      {
        action: "settings.local-model-refused",
        actorId: SAMPLE.Admin,
        before: { localModelAllowed: true },
        after: { localModelAllowed: false },
      },
    ]);
  });

  it("a base URL on a private address is refused beside the field until allowed, changing nothing", async () => {
    const save = (baseUrl: string) =>
      run(settingsAction, post("/settings", { intent: "assistant-model", baseUrl, model: "m2", apiKey: "" }, admin));
    for (const baseUrl of ["http://127.0.0.1:6390/v1", "http://[64:ff9b::7f00:1]/v1", "http://2130706433/v1"]) {
      const refused = await save(baseUrl);
      expect(refused.status, baseUrl).toBe(400);
      expect((refused.body as { fieldErrors: { baseUrl: string } }).fieldErrors.baseUrl, baseUrl).toMatch(
        /is a private or local address; the studio does not connect to those\. To use a model server on your own network, allow a local model server below\.$/,
      );
    }
    expect(await prisma.assistantModel.findUnique({ where: thisWorkspace() })).toMatchObject({ baseUrl: model.baseUrl, model: "fake-1" });
    await allow("on");
    expect((await save("http://127.0.0.1:6390/v1")).status).toBe(200);
    expect(model.requests).toHaveLength(0);
  });

  it("answers 400 beside the field for anything but on or off, changing nothing", async () => {
    const bad = await allow("yes");
    expect(bad).toMatchObject({
      status: 400,
      body: { ok: false, fieldErrors: { allowed: "Choose whether a local model server is allowed." } },
    });
    expect(await getLocalModelAllowed()).toBe(false);
    expect(await audits()).toEqual([]);
    expect(
      (await run(settingsAction, post("/settings", { intent: "local-model-access", allowed: "on" }, await cookieFor(SAMPLE.Editor))))
        .status,
    ).toBe(403);
    expect(await getLocalModelAllowed()).toBe(false);
  });

  it("the operator's STUDIO_ALLOW_PRIVATE_TARGETS=1 allows it too, without the setting", async () => {
    process.env.STUDIO_ALLOW_PRIVATE_TARGETS = "1";
    await testModel();
    expect(model.requests).toHaveLength(1);
  });
});

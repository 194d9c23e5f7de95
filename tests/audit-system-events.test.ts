// Issue 37: what no member's request does is audited too, once, where it happens: a network connected
// (by a member), its access refreshed or lost (the system), channel posts published or failed, an item
// published at its scheduled time, and the agents' moves in the workflow.
import { thisWorkspace, idInWorkspace } from "~/db/workspace-keys.server";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db/db.server";
import { getAssistant } from "~/services/assistant.server";
import { WorkflowRunner } from "~/jobs/workflow-runner.server";
import { publishDue } from "~/models/publish-schedule.server";
import { queueBrief } from "~/models/workflow-run.server";
import { loader as callback } from "~/routes/settings_.networks.callback";
import { action as settings } from "~/routes/settings/route";
import { deliverDueChannelPosts } from "~/services/channel-delivery.server";
import { createVariants } from "~/services/channel-posts.server";
import { transitionContent } from "~/services/content-lifecycle.server";
import { startFakeNetwork, useFakeNetwork, type FakeNetwork } from "./fake-network";
import { SAMPLE, cookieFor, freshSeed, get, post, run } from "./route-helpers";
import { startWebhookReceiver, type WebhookReceiver } from "./webhook-receiver";

const editor = { id: SAMPLE.Editor, role: "Editor", name: "Marcus Rivera" };
let fake: FakeNetwork;
let hook: WebhookReceiver;

beforeAll(async () => {
  fake = await startFakeNetwork();
  useFakeNetwork(fake.base);
});
afterAll(() => fake.close());
beforeEach(async () => {
  await freshSeed();
  fake.apps.clear();
  fake.posts.length = 0;
  fake.tokenGrants.length = 0;
  fake.accessSeconds = 7200;
  hook = await startWebhookReceiver();
});
afterEach(async () => {
  fake.revokeAll();
  await hook.close();
});

const rows = (where: object = {}) =>
  prisma.auditEntry.findMany({ where, orderBy: { at: "asc" } }).then((all) => all.map((r) => [r.actorKind, r.action, r.objectTitle]));

async function connectX() {
  const admin = await cookieFor(SAMPLE.Admin);
  fake.apps.set("x-client", "x-secret-value");
  await run(
    settings,
    post("/settings", { intent: "network-app", platform: "twitter", clientId: "x-client", clientSecret: "x-secret-value" }, admin),
  );
  const started = await run(settings, post("/settings", { intent: "network-connect", platform: "twitter" }, admin));
  const consent = await fetch(started.headers.get("Location")!, { redirect: "manual" });
  const back = new URL(consent.headers.get("Location")!);
  expect((await run(callback, get(`${back.pathname}${back.search}`, admin))).status).toBe(302);
}

async function publishedWithPosts() {
  const item = await prisma.contentItem.create({
    data: {
      title: "Audited launch",
      type: "blog",
      status: "review",
      authorId: SAMPLE.Writer,
      body: "A calendar turns intentions into posts.",
    },
  });
  await createVariants(item.id, editor);
  await transitionContent(item.id, "approve", editor, new Date(), { override: true });
  return item;
}

describe("connections", () => {
  it("records the connection made by the Admin, then its refresh and its loss by the system", async () => {
    fake.accessSeconds = 300;
    await connectX();
    fake.accessSeconds = 7200;
    await prisma.integration.updateMany({ where: { id: { not: "twitter" } }, data: { connected: false } });
    await publishedWithPosts();
    await deliverDueChannelPosts();
    expect(await rows({ objectType: "connection" })).toEqual([
      ["member", "connection.made", "X"],
      ["system", "connection.refreshed", "X"],
    ]);
    const made = await prisma.auditEntry.findFirstOrThrow({ where: { action: "connection.made" } });
    expect(made.actorId).toBe(SAMPLE.Admin);
    // The app's secret and the tokens never reach the log.
    expect(JSON.stringify(await prisma.auditEntry.findMany())).not.toMatch(/x-secret-value|access|Bearer/i);

    fake.revokeAll();
    await prisma.integration.update({ where: idInWorkspace("twitter"), data: { tokenExpiresAt: new Date(Date.now() + 60_000) } });
    await publishedWithPosts();
    await deliverDueChannelPosts();
    expect((await rows({ objectType: "connection" })).at(-1)).toEqual(["system", "connection.lost", "X"]);
  });
});

describe("deliveries", () => {
  it("records each channel post published, and one that finally failed, once each", async () => {
    for (const id of ["twitter", "linkedin", "facebook"])
      await prisma.integration.update({
        where: idInWorkspace(id),
        data: { connected: true, handle: `@${id}`, webhookUrl: `${hook.base}/${id}` },
      });
    hook.failing.add("/facebook");
    await publishedWithPosts();
    let now = Date.now();
    await deliverDueChannelPosts(new Date(now));
    for (let i = 0; i < 2; i++) {
      const fb = await prisma.channelPost.findFirstOrThrow({ where: { channel: "facebook", content: { title: "Audited launch" } } });
      now = fb.nextAttemptAt!.getTime();
      await deliverDueChannelPosts(new Date(now));
    }
    const delivered = await rows({ objectType: "channel-post" });
    expect(delivered.map((r) => `${r[1]} ${r[2]}`).sort()).toEqual([
      "channel-post.failed Audited launch · facebook",
      "channel-post.published Audited launch · linkedin",
      "channel-post.published Audited launch · twitter",
    ]);
    expect(delivered.every((r) => r[0] === "system")).toBe(true);
  });

  it("records an item published at its scheduled time, by the system", async () => {
    const item = await prisma.contentItem.create({
      data: { title: "Scheduled audit", type: "blog", status: "review", authorId: SAMPLE.Writer, body: "Words." },
    });
    await prisma.publishSchedule.create({
      data: { contentId: item.id, publishAt: new Date(Date.now() - 1000), slot: "Tue 9:00", scheduledById: SAMPLE.Editor },
    });
    expect(await publishDue(new Date())).toBe(1);
    expect(await rows({ objectId: item.id })).toEqual([["system", "content.published", "Scheduled audit"]]);
  });
});

describe("the workflow's agents", () => {
  it("records the item an agent created and the status it moved it to, under the agent's name", async () => {
    await prisma.settings.update({ where: thisWorkspace(), data: { workflowRunning: true, autoPublish: true, autoPost: false } });
    await prisma.workflowRun.deleteMany({ where: { status: { in: ["queued", "running"] } } });
    await queueBrief({ title: "Agent audit brief", type: "blog", brief: "Why a clear review step helps.", userId: SAMPLE.Editor });
    const assistant = await getAssistant();
    const runner = new WorkflowRunner({
      assistantFor: async () => ({
        ...assistant,
        draft: async (r) => ({
          text: `# ${r.title}\n\n${r.brief} We ship in 3 days.`,
          source: "model",
          model: "t",
          usage: { prompt: 1, completion: 1 },
        }),
        score: () => ({ score: 95, parts: [] }),
      }),
      log: () => undefined,
      leaseMs: 10_000,
    });
    for (let i = 0; i < 60 && (await runner.tick()) === "worked"; i++);
    const agentRows = await prisma.auditEntry.findMany({ where: { actorKind: "agent" }, orderBy: { at: "asc" } });
    expect(agentRows.map((r) => [r.actorName, r.action, r.objectTitle])).toEqual([
      ["Content Input", "content.created", "Agent audit brief"],
      ["Quality Reviewer", "content.submitted", "Agent audit brief"],
      ["Publisher", "content.published", "Agent audit brief"],
    ]);
  });
});

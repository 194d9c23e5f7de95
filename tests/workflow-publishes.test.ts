// The workflow's Publisher publishes as the editor does (decision 055): with auto-post on, one post per
// connected network that has none, queued and published only once its receiver takes it; a retried
// step adds no second post; with auto-post off only the posts members made go out.
import { thisWorkspace, idInWorkspace } from "~/db/workspace-keys.server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { prisma } from "~/db/db.server";
import { WorkflowRunner } from "~/jobs/workflow-runner.server";
import { queueContent } from "~/models/workflow-run.server";
import { getAssistant } from "~/services/assistant.server";
import { deliverDueChannelPosts } from "~/services/channel-delivery.server";
import { ON_BRAND } from "./fixtures/on-brand";
import { SAMPLE, freshSeed } from "./route-helpers";
import { startWebhookReceiver, type WebhookReceiver } from "./webhook-receiver";

// A commit that fails (the database went away) after the Publisher queued its posts: the step runs again.
const failing = vi.hoisted(() => ({ publishCommits: 0 }));
vi.mock("~/models/workflow-advance.server", async (importOriginal) => {
  const real = await importOriginal<typeof import("~/models/workflow-advance.server")>();
  return {
    ...real,
    commitStep: (input: Parameters<typeof real.commitStep>[0]) => {
      if (input.plan.status !== "published" || failing.publishCommits === 0) return real.commitStep(input);
      failing.publishCommits--;
      return Promise.reject(new Error("The database went away before the commit."));
    },
  };
});

let hook: WebhookReceiver;
let now = new Date();
const runners: WorkflowRunner[] = [];

beforeEach(async () => {
  hook = await startWebhookReceiver({ secret: "s3cret" });
  now = await freshSeed();
  await prisma.workflowRun.deleteMany({ where: { status: { in: ["queued", "running"] } } });
  await prisma.integration.updateMany({ data: { connected: false } });
  // X takes posts at its webhook; LinkedIn is connected with nothing to take them (posted by hand).
  await prisma.integration.update({
    where: idInWorkspace("twitter"),
    data: { connected: true, handle: "@twitter", webhookUrl: `${hook.base}/twitter`, webhookSecret: "s3cret" },
  });
  await prisma.integration.update({ where: idInWorkspace("linkedin"), data: { connected: true, webhookUrl: null } });
  await prisma.settings.update({ where: thisWorkspace(), data: { workflowRunning: true, autoPublish: true } });
});

afterEach(async () => {
  for (const r of runners.splice(0)) r.kill();
  failing.publishCommits = 0;
  await hook.close();
});

/** A runner whose reviewer passes everything (the voice score is the test's choice). */
function runner() {
  const r = new WorkflowRunner({
    clock: () => now,
    assistantFor: async () => ({ ...(await getAssistant()), score: () => ({ score: 95, parts: [] }) }),
    log: () => undefined,
    leaseMs: 10_000,
  });
  runners.push(r);
  return r;
}

async function drain(r: WorkflowRunner) {
  for (let i = 0; i < 60; i++) if ((await r.tick()) !== "worked") return;
  throw new Error("the runner never ran out of work");
}

/** An item in draft, queued by the Editor, with the posts members made. */
async function queued(memberPosts: { channel: string; text: string }[] = []) {
  const item = await prisma.contentItem.create({
    data: { title: "Plan a month of posts", type: "blog", status: "draft", authorId: SAMPLE.Writer, body: ON_BRAND },
  });
  for (const p of memberPosts) await prisma.channelPost.create({ data: { contentId: item.id, ...p, createdById: SAMPLE.Writer } });
  expect(await queueContent(item.id, SAMPLE.Editor, now)).toEqual({ ok: true });
  return item;
}

const postsOf = (contentId: string) =>
  prisma.channelPost.findMany({
    where: { contentId },
    orderBy: { channel: "asc" },
    select: { channel: true, status: true, createdById: true },
  });

async function publisherSteps(contentId: string) {
  const run = await prisma.workflowRun.findFirstOrThrow({ where: { contentId }, select: { id: true } });
  const steps = await prisma.workflowStep.findMany({
    where: { runId: run.id, agent: { type: "publisher" } },
    orderBy: { attempt: "asc" },
    select: { status: true, note: true },
  });
  return { runId: run.id, steps };
}

describe("the workflow's Publisher with auto-post on", () => {
  beforeEach(() => prisma.settings.update({ where: thisWorkspace(), data: { autoPost: true } }));

  it("queues one post per connected network, published only when its receiver takes it", async () => {
    const item = await queued();
    await drain(runner());
    expect((await prisma.contentItem.findUniqueOrThrow({ where: { id: item.id } })).status).toBe("published");
    // Written by whoever queued the run, queued, and nothing sent by the step itself.
    expect((await postsOf(item.id)).map((p) => [p.channel, p.status, p.createdById])).toEqual([
      ["linkedin", "publishing", SAMPLE.Editor],
      ["twitter", "publishing", SAMPLE.Editor],
    ]);
    const { runId, steps } = await publisherSteps(item.id);
    expect(steps).toEqual([{ status: "succeeded", note: "Published; queued posts for LinkedIn, X" }]);
    expect(hook.received).toHaveLength(0);
    expect(await prisma.publishDelivery.count({ where: { runId } })).toBe(0);

    // X's receiver refuses once: still on its way, not published; LinkedIn waits to be posted by hand.
    hook.failing.add("/twitter");
    await deliverDueChannelPosts();
    expect((await postsOf(item.id)).map((p) => [p.channel, p.status])).toEqual([
      ["linkedin", "manual"],
      ["twitter", "publishing"],
    ]);
    hook.failing.clear();
    const x = await prisma.channelPost.findFirstOrThrow({ where: { contentId: item.id, channel: "twitter" } });
    await deliverDueChannelPosts(x.nextAttemptAt!);
    expect((await postsOf(item.id)).map((p) => [p.channel, p.status])).toEqual([
      ["linkedin", "manual"],
      ["twitter", "published"],
    ]);
    expect(hook.received.map((r) => [r.path, r.key])).toEqual([["/twitter", x.deliveryKey]]);
  });

  it("a retried Publisher step adds no second post and still names the posts it queued", async () => {
    failing.publishCommits = 1;
    const item = await queued();
    const r = runner();
    await drain(r);
    now = new Date(now.getTime() + 1000); // the retry's backoff
    await drain(r);
    const { steps } = await publisherSteps(item.id);
    expect(steps).toEqual([
      { status: "failed", note: null },
      { status: "succeeded", note: "Published; queued posts for LinkedIn, X" },
    ]);
    expect((await postsOf(item.id)).map((p) => [p.channel, p.status])).toEqual([
      ["linkedin", "publishing"],
      ["twitter", "publishing"],
    ]);
  });
});

describe("the workflow's Publisher with auto-post off", () => {
  beforeEach(() => prisma.settings.update({ where: thisWorkspace(), data: { autoPost: false } }));

  it("queues only the posts members made", async () => {
    const item = await queued([{ channel: "linkedin", text: "Our own words for LinkedIn." }]);
    await drain(runner());
    expect((await postsOf(item.id)).map((p) => [p.channel, p.status, p.createdById])).toEqual([["linkedin", "publishing", SAMPLE.Writer]]);
    const { steps } = await publisherSteps(item.id);
    expect(steps).toEqual([{ status: "succeeded", note: "Published (auto-post is off); queued the posts members made for LinkedIn" }]);
  });
});

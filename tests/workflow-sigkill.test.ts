// A runner process killed with SIGKILL in the middle of a step (its model call in flight): the run
// resumes in another process, the step's effects land once, and the Publisher queues one post per
// network. The Publisher itself calls nothing outside the studio any more (decision 055).
import { thisWorkspace, idInWorkspace } from "~/db/workspace-keys.server";
import { spawn, type ChildProcess } from "node:child_process";
import { afterEach, expect, it } from "vitest";
import { prisma } from "~/db/db.server";
import type { Assistant } from "~/domain/assistant/types";
import { getAssistant } from "~/services/assistant.server";
import { queueBrief } from "~/models/workflow-run.server";
import { WorkflowRunner } from "~/jobs/workflow-runner.server";
import { startFakeModel, type FakeModel } from "./fake-model-server";
import { SAMPLE, freshSeed } from "./route-helpers";

const LEASE_MS = 1500;
let child: ChildProcess | null = null;
let fake: FakeModel | null = null;

afterEach(async () => {
  if (child && child.exitCode === null) child.kill("SIGKILL");
  await prisma.assistantModel.deleteMany();
  await fake?.close();
});

it("resumes the generator step after its runner process is killed mid-call, and publishes once", { timeout: 60_000 }, async () => {
  // The model never answers: the step is in flight when its process dies.
  fake = await startFakeModel(["hang"]);
  await freshSeed();
  await prisma.workflowRun.deleteMany({ where: { status: { in: ["queued", "running"] } } });
  await prisma.settings.update({ where: thisWorkspace(), data: { workflowRunning: true, autoPublish: true, autoPost: true } });
  await prisma.integration.updateMany({ data: { connected: false } });
  await prisma.integration.update({ where: idInWorkspace("twitter"), data: { connected: true, webhookUrl: null } });
  const { id } = await queueBrief({
    title: "Killed mid-draft",
    type: "blog",
    brief: "A brief for the restart test.",
    userId: SAMPLE.Editor,
  });

  // A model's draft and a score that passes the reviewer, without calling any model.
  const passing = async () =>
    ({
      ...(await getAssistant()),
      draft: async () => ({
        text: "# Killed mid-draft\n\nA text the model wrote for the restart test.",
        source: "model",
        model: "test-model",
        usage: { prompt: 1, completion: 1 },
      }),
      score: () => ({ score: 99, parts: [] }),
    }) as Assistant;
  const here = new WorkflowRunner({ assistantFor: passing, log: () => undefined, leaseMs: LEASE_MS });
  expect(await here.tick()).toBe("worked"); // Content Input

  // Another process takes the generator step with the team's model; it is killed while the model call hangs.
  await prisma.assistantModel.create({ data: { baseUrl: fake.baseUrl, model: "fake-1", updatedById: SAMPLE.Admin } });
  child = spawn(process.execPath, ["--import", "tsx", "scripts/workflow-worker.ts"], {
    env: { ...process.env, WORKFLOW_LEASE_MS: String(LEASE_MS) },
    stdio: "ignore",
  });
  while (fake.requests.length === 0) await new Promise((r) => setTimeout(r, 50));
  const leased = await prisma.workflowJob.findFirstOrThrow({ where: { runId: id, position: 1 } });
  expect(leased.status).toBe("leased");
  expect(leased.leaseOwner).toMatch(new RegExp(`:${child.pid}:`));
  child.kill("SIGKILL");
  await new Promise((resolve) => child!.once("exit", resolve));
  await prisma.assistantModel.deleteMany();

  // Nothing happens until the dead runner's lease runs out; then this process resumes the step and goes on.
  while ((await here.tick()) !== "worked") await new Promise((r) => setTimeout(r, 200));
  while ((await here.tick()) === "worked");

  const run = await prisma.workflowRun.findUniqueOrThrow({ where: { id }, include: { steps: { include: { agent: true } } } });
  expect([run.status, run.outcome]).toEqual(["succeeded", "published"]);
  const generator = run.steps.filter((s) => s.agent.type === "generator");
  expect(generator.map((s) => [s.attempt, s.status])).toEqual([[1, "succeeded"]]);
  const revisions = await prisma.contentRevision.findMany({ where: { contentId: run.contentId!, label: { startsWith: "AI Generator" } } });
  expect(revisions).toHaveLength(1);
  expect(fake.requests).toHaveLength(1);
  const posts = await prisma.channelPost.findMany({ where: { contentId: run.contentId! } });
  expect(posts.map((p) => [p.channel, p.status])).toEqual([["twitter", "publishing"]]);
});

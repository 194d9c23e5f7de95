// A runner process killed with SIGKILL in the middle of a step: the run resumes in another process
// and the step's effects land once.
import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, expect, it } from "vitest";
import { prisma } from "~/db/db.server";
import type { Assistant } from "~/domain/assistant/types";
import { getAssistant } from "~/services/assistant.server";
import { queueBrief } from "~/models/workflow-run.server";
import { WorkflowRunner } from "~/jobs/workflow-runner.server";
import { SAMPLE, freshSeed } from "./route-helpers";

const LEASE_MS = 1500;
let child: ChildProcess | null = null;

afterEach(() => {
  if (child && child.exitCode === null) child.kill("SIGKILL");
});

it("resumes the publisher step after its runner process is killed, and delivers once", { timeout: 60_000 }, async () => {
  // A webhook receiver that holds the first delivery open (the step is mid-flight) and answers later ones.
  const deliveries: string[] = [];
  let firstArrived!: () => void;
  const arrived = new Promise<void>((resolve) => (firstArrived = resolve));
  const server = http.createServer((req, res) => {
    deliveries.push(String(req.headers["x-studio-delivery"]));
    req.resume();
    if (deliveries.length === 1) firstArrived();
    else res.writeHead(204).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const hook = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;

  try {
    await freshSeed();
    await prisma.workflowRun.deleteMany({ where: { status: { in: ["queued", "running"] } } });
    await prisma.settings.update({ where: { id: 1 }, data: { workflowRunning: true, autoPublish: true, autoPost: true } });
    await prisma.integration.update({ where: { id: "twitter" }, data: { webhookUrl: hook, webhookSecret: "s3cret" } });
    const { id } = await queueBrief({
      title: "Killed mid-publish",
      type: "blog",
      brief: "A brief for the restart test.",
      userId: SAMPLE.Editor,
    });

    // This process takes the run up to the publisher, with a score that passes the reviewer.
    // A model's draft (without one the run would wait for a writer after the generator).
    const passing = async () =>
      ({
        ...(await getAssistant()),
        draft: async () => ({
          text: "# Killed mid-publish\n\nA text the model wrote for the restart test.",
          source: "model",
          model: "test-model",
          usage: { prompt: 1, completion: 1 },
        }),
        score: () => ({ score: 99, parts: [] }),
      }) as Assistant;
    const here = new WorkflowRunner({ assistantFor: passing, log: () => undefined, leaseMs: LEASE_MS });
    for (let i = 0; i < 5; i++) expect(await here.tick()).toBe("worked");

    // Another process takes the publisher step; it is killed while its webhook call is in flight.
    child = spawn(process.execPath, ["--import", "tsx", "scripts/workflow-worker.ts"], {
      env: { ...process.env, WORKFLOW_LEASE_MS: String(LEASE_MS) },
      stdio: "ignore",
    });
    await arrived;
    const leased = await prisma.workflowJob.findFirstOrThrow({ where: { runId: id, position: 5 } });
    expect(leased.status).toBe("leased");
    expect(leased.leaseOwner).toMatch(new RegExp(`:${child.pid}:`));
    child.kill("SIGKILL");
    await new Promise((resolve) => child!.once("exit", resolve));

    // Nothing happens until the dead runner's lease runs out; then this process resumes the step.
    while ((await here.tick()) !== "worked") await new Promise((r) => setTimeout(r, 200));

    const run = await prisma.workflowRun.findUniqueOrThrow({ where: { id }, include: { steps: { include: { agent: true } } } });
    expect([run.status, run.outcome]).toEqual(["succeeded", "published"]);
    const publisher = run.steps.filter((s) => s.agent.type === "publisher");
    expect(publisher.map((s) => [s.attempt, s.status])).toEqual([[1, "succeeded"]]);
    const revisions = await prisma.contentRevision.findMany({ where: { contentId: run.contentId!, label: { startsWith: "Publisher" } } });
    expect(revisions).toHaveLength(1);
    // The webhook saw the same delivery key twice (the receiver can drop the repeat); one delivery is recorded.
    expect(deliveries).toEqual([`${id}:5:twitter`, `${id}:5:twitter`]);
    expect(await prisma.publishDelivery.count({ where: { runId: id, integrationId: "twitter" } })).toBe(1);
  } finally {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  }
});

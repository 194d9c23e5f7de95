// How long a six-step pipeline run takes with the built-in (local) assistant, through the real runner
// and a real SQLite file. Usage: npm run bench:workflow [-- runs] (default 30, after 3 warm-up runs).
// Each run is a queued brief taken from input to the publisher (auto-publish on, auto-post on: a
// channel post queued for each of the sample's connected networks, not sent here). Without a model the generator writes an outline and
// the run waits for a writer (decision 038): the bench writes the piece and presses Run again, outside the
// timed part. Prints p50/p95/max per run (both parts) and per agent.
// Wall clock on a shared machine: the load average is printed too.
import { thisWorkspace } from "~/db/workspace-keys.server";
import "../server/require-node"; // first: refuses an older Node before anything loads
import { execSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { percentile } from "./lib/stats";
import { FIRST_WORKSPACE_ID, enterScriptScope } from "../app/db/workspace-scope.server";

// The bench's rows are the first workspace's (decision 073).
enterScriptScope(FIRST_WORKSPACE_ID);

const RUNS = Number(process.argv[2] ?? 30);
const WARMUP = 3;
const file = path.join(os.tmpdir(), `bench-workflow-${process.pid}.db`);
execSync("npx prisma migrate deploy", { env: { ...process.env, DATABASE_URL: `file:${file}` }, stdio: "pipe" });
process.env.DATABASE_URL = `file:${file}`; // before the app's modules make their client

const { prisma, ensureDatabaseReady } = await import("../app/db/db.server");
const { seedDatabase } = await import("../prisma/seed-database");
const { queueBrief, runAgain } = await import("../app/models/workflow-run.server");
const { WorkflowRunner } = await import("../app/jobs/workflow-runner.server");

const BRIEF =
  "Announce the spring release for marketing teams in order to explain faster reviews, the shared brand voice, scheduled publishing and the new agent workflow. It is really very important to close with a clear invitation to the launch webinar.";

/** What the bench's writer writes over the outline: wordy, so the Content Editor has work. */
const WRITTEN =
  "# Spring launch\n\nOur spring release is out. We changed the review step in order to ship in 3 days instead of 9. It is really very easy to start.\n\n## Join us\n\nThe launch webinar is on 4 May.";

const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

try {
  await ensureDatabaseReady();
  await seedDatabase(prisma, new Date());
  await prisma.workflowRun.deleteMany({ where: { status: { in: ["queued", "running"] } } });
  await prisma.settings.update({
    where: thisWorkspace(),
    data: { workflowRunning: true, autoPublish: true, autoPost: true, generationThreshold: 50 },
  });
  const runner = new WorkflowRunner({ log: () => undefined });

  const totals: number[] = [];
  for (let i = 0; i < WARMUP + RUNS; i++) {
    const { id } = await queueBrief({ title: `Bench brief ${i + 1}`, type: "blog", brief: BRIEF, userId: "user-marcus" });
    const t0 = performance.now();
    while ((await runner.tick()) === "worked");
    let elapsed = performance.now() - t0;
    // The writer writes the piece (a new text on the item), then Run again: not timed.
    const waiting = await prisma.workflowRun.findUniqueOrThrow({ where: { id }, select: { contentId: true } });
    await prisma.contentItem.update({ where: { id: waiting.contentId! }, data: { body: WRITTEN, updatedAt: new Date() } });
    const again = await runAgain(id, "user-marcus", new Date());
    if (!again.ok) throw new Error(`Run again refused: ${again.error}`);
    const t1 = performance.now();
    while ((await runner.tick()) === "worked");
    elapsed += performance.now() - t1;
    const run = await prisma.workflowRun.findUniqueOrThrow({
      where: { id },
      select: { status: true, _count: { select: { steps: true } } },
    });
    if (run.status !== "succeeded" || run._count.steps !== 6)
      throw new Error(`run ${id} ended ${run.status} after ${run._count.steps} steps`);
    if (i >= WARMUP) totals.push(elapsed);
  }
  totals.sort((a, b) => a - b);

  const steps = await prisma.workflowStep.findMany({
    where: { run: { briefTitle: { startsWith: "Bench brief" } }, status: "succeeded" },
    select: { durationMs: true, agent: { select: { name: true, position: true } } },
  });
  const byAgent = new Map<string, number[]>();
  for (const s of steps) byAgent.set(s.agent.name, [...(byAgent.get(s.agent.name) ?? []), s.durationMs ?? 0]);

  const [load1] = os.loadavg();
  console.log(
    `Six-step pipeline run, local assistant, ${RUNS} runs (after ${WARMUP} warm-up), ${os.cpus().length} cores, load average ${load1.toFixed(2)}`,
  );
  console.log(
    `whole run (queue → published, six steps, six revisions): p50 ${fmt(percentile(totals, 50))}  p95 ${fmt(percentile(totals, 95))}  max ${fmt(totals.at(-1)!)}`,
  );
  console.log("agent work inside each step (excluding its commit):");
  for (const [name, ms] of byAgent) {
    ms.sort((a, b) => a - b);
    console.log(`  ${name.padEnd(18)} p50 ${fmt(percentile(ms, 50))}  p95 ${fmt(percentile(ms, 95))}`);
  }
} finally {
  await prisma.$disconnect();
  if (!process.env.KEEP_DB)
    for (const f of fs.readdirSync(os.tmpdir()).filter((f) => f.startsWith(path.basename(file))))
      fs.rmSync(path.join(os.tmpdir(), f), { force: true });
}

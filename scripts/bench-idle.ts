// npm run bench:idle: what an idle server costs. Starts the built server (package.json's `serve`
// command, or SERVER_CMD) on a fresh seeded SQLite file, switches the workflow on, lets it settle,
// then reads the server's CPU time (utime+stime from /proc, children included) over windows with no
// traffic. Afterwards it checks the jobs still react: a brief queued through the app (in-process
// nudge) and a run inserted by another process (seen through data_version). V8's memory reducer runs
// a few full GCs (~100-200 ms) once, some 30-40 s after start: a window holding them is not the jobs.
// Env: BENCH_PORT (3540), IDLE_WINDOWS (3), IDLE_WINDOW_S (10), SETTLE_S (10), SERVER_CMD.
import "../server/require-node"; // first: refuses an older Node before anything loads
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import Database from "better-sqlite3";
import { treeCpuMs } from "./lib/process-tree";
import { signIn, seedDatabase } from "./lib/studio-server";
import { StudioClient } from "./lib/studio-client";

const PORT = Number(process.env.BENCH_PORT ?? 3540);
const WINDOWS = Number(process.env.IDLE_WINDOWS ?? 3);
const WINDOW_S = Number(process.env.IDLE_WINDOW_S ?? 10);
const SETTLE_S = Number(process.env.SETTLE_S ?? 10);
const dbFile = `/tmp/studio-bench-idle-${PORT}.db`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function serverCommand(): string {
  if (process.env.SERVER_CMD) return process.env.SERVER_CMD;
  const pkg = JSON.parse(fs.readFileSync("package.json", "utf8")) as { scripts: Record<string, string> };
  return pkg.scripts.serve;
}

if (!fs.existsSync("build/index.js")) throw new Error("No build: run npm run build first.");
seedDatabase(dbFile);
const command = serverCommand();
// `env` lets the command start with settings (NODE_ENV=production …), which `exec` alone refuses.
const child = spawn("sh", ["-c", `exec env ${command}`], {
  env: {
    ...process.env,
    PORT: String(PORT),
    DATABASE_URL: `file:${dbFile}`,
    NODE_ENV: "production",
    LOG_REQUESTS: "false",
    COOKIE_SECURE: "false",
  },
  stdio: ["ignore", "ignore", "inherit"],
});
const url = `http://localhost:${PORT}`;
const stop = () =>
  new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : (child.once("exit", () => resolve()), child.kill("SIGTERM"))));

try {
  for (let i = 0; ; i++) {
    if (
      await fetch(`${url}/healthcheck`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (i > 300 || child.exitCode !== null) throw new Error(`The server (${command}) did not start on port ${PORT}.`);
    await sleep(100);
  }
  const client = new StudioClient(url, await signIn(url));
  const started = await client.post("/workflow", { intent: "start" });
  if (started.status !== 200) throw new Error(`Starting the workflow answered ${started.status}.`);
  console.log(
    `Idle CPU of \`${command}\` (pid ${child.pid}), workflow switched on; load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
  await sleep(SETTLE_S * 1000);

  const samples: number[] = [];
  for (let w = 0; w < WINDOWS; w++) {
    const before = treeCpuMs(child.pid!);
    await sleep(WINDOW_S * 1000);
    samples.push(((treeCpuMs(child.pid!) - before) * 10) / WINDOW_S);
    console.log(`  window ${w + 1}: ${samples[w].toFixed(0)} ms CPU per 10 s`);
  }
  const sorted = [...samples].sort((a, b) => a - b);
  const mean = samples.reduce((a, b) => a + b, 0) / samples.length;
  console.log(
    `idle: min ${sorted[0].toFixed(0)} / median ${sorted[Math.floor(sorted.length / 2)].toFixed(0)} / max ${sorted[sorted.length - 1].toFixed(0)} ms CPU per 10 s; mean ${mean.toFixed(1)} over ${WINDOWS * WINDOW_S} s (clock tick 10 ms)`,
  );

  // Does the runner still react after the quiet spell?
  const db = new Database(dbFile, { readonly: true });
  const statusOf = db.prepare(`SELECT "status" FROM "WorkflowRun" WHERE "briefTitle" = ?`).pluck();
  const pickedUp = async (title: string, t0: number) => {
    for (;;) {
      const status = statusOf.get(title);
      if (status && status !== "queued") return performance.now() - t0;
      if (performance.now() - t0 > 30_000) return NaN;
      await sleep(2);
    }
  };
  const t0 = performance.now();
  const queued = await client.post("/workflow", {
    intent: "queueBrief",
    title: "Idle bench brief",
    type: "blog",
    brief: "Checks the runner wakes up.",
  });
  const answered = performance.now() - t0;
  if (queued.status !== 200) throw new Error(`Queueing a brief answered ${queued.status}.`);
  const took = await pickedUp("Idle bench brief", t0);
  console.log(
    `brief queued through the app: answered in ${answered.toFixed(0)} ms, picked up ${took.toFixed(0)} ms after the request was sent`,
  );

  await sleep(WINDOW_S * 1000); // quiet again, so the runner is back at its longest wait
  const writer = new Database(dbFile, { timeout: 5000 });
  const now = new Date().toISOString().replace("Z", "+00:00");
  const t1 = performance.now();
  writer
    .prepare(
      `INSERT INTO "WorkflowRun" ("id", "status", "createdAt", "briefTitle", "brief", "briefType") VALUES (?, 'queued', ?, ?, ?, 'blog')`,
    )
    .run(randomUUID(), now, "Other process brief", "Inserted by another process.");
  console.log(`run inserted by another process: picked up ${(await pickedUp("Other process brief", t1)).toFixed(0)} ms after its commit`);
  writer.close();
  db.close();
} finally {
  await stop();
}

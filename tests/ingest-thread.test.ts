// The front's ingestion worker (decision 033): the main thread's side of it, against a stand-in worker
// that records what it is sent and answers as the test says, and the real worker (bundled as
// scripts/build-server.mjs bundles it) storing events in a real SQLite file.
import { build } from "esbuild";
import { common } from "../scripts/bundle-options.mjs";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db/db.server";
import { workerCommitter } from "~/jobs/ingest-thread.server";
import type { IngestEvent } from "~/models/tracking-write.server";
import { freshSeed } from "./route-helpers";
import { pageView } from "./tracker-events";

// Inside the project, so the bundle finds better-sqlite3 in node_modules as build/ does.
fs.mkdirSync("node_modules/.cache", { recursive: true });
const dir = fs.mkdtempSync(path.join("node_modules/.cache", "ingest-thread-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

// Notes each message's size in sizes.log; an event whose pageviewId starts with "refuse" is not stored,
// "crash" ends the worker before it answers.
const sizes = path.resolve(dir, "sizes.log");
const STAND_IN = `
import fs from "node:fs";
import { parentPort } from "node:worker_threads";
parentPort.on("message", ({ id, events }) => {
  fs.appendFileSync(${JSON.stringify(sizes)}, events.length + "\\n");
  if (events.some((e) => e.pageviewId.startsWith("crash"))) process.exit(3);
  const stored = events.map((e) => !e.pageviewId.startsWith("refuse"));
  parentPort.postMessage({ id, stored, changed: stored.some(Boolean), error: "refused by the stand-in" });
});`;

describe("the front's side of the ingestion worker", () => {
  const standIn = path.resolve(dir, "stand-in.mjs");
  beforeAll(() => fs.writeFileSync(standIn, STAND_IN));

  it("sends the events of one turn in one message and answers each as the worker says", async () => {
    const changes: number[] = [];
    let answered = 0;
    const commit = workerCommitter(standIn, () => changes.push(answered));
    const outcomes = await Promise.allSettled(
      ["view-aaaaaaaa", "refuse-aaaaaaa", "view-bbbbbbbb"].map((id) => commit(pageView(id)).finally(() => answered++)),
    );
    expect(outcomes.map((o) => o.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect((outcomes[1] as PromiseRejectedResult).reason.message).toBe("refused by the stand-in");
    expect(changes).toEqual([0]); // once, before any of them was answered
    expect(fs.readFileSync(sizes, "utf8")).toBe("3\n");
  });

  it("fails the events a worker held when it exits, and starts another for the next", async () => {
    const commit = workerCommitter(standIn, () => {});
    await expect(commit(pageView("crash-aaaaaaa"))).rejects.toThrow(/exited \(3\)/);
    await expect(commit(pageView("after-aaaaaaa"))).resolves.toBeUndefined();
  });
});

describe("the ingestion worker", () => {
  const bundle = path.resolve(dir, "ingest-worker.mjs");
  beforeAll(async () => {
    await build({ ...common, entryPoints: ["app/jobs/ingest-worker.server.ts"], outfile: bundle, logLevel: "error" });
  });
  beforeEach(() => freshSeed());

  it("stores the events it is sent before they are answered, and reports a moved daily figure", async () => {
    let changed = 0;
    const commit = workerCommitter(bundle, () => changed++);
    const views: IngestEvent[] = ["thread-view-1", "thread-view-2"].map((id) => pageView(id));
    await Promise.all(views.map(commit));
    expect(await prisma.trackEvent.count({ where: { pageviewId: { in: ["thread-view-1", "thread-view-2"] } } })).toBe(2);
    expect(changed).toBeGreaterThan(0);
  });
});

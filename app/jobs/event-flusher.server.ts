// Group commit for tracker events (decisions 021, 026). Each request is answered only once the
// transaction holding its event committed, batching whatever arrives while a commit runs. By default
// the commits run on this thread: on the 2-core machine it answers sooner and uses less CPU than the
// worker thread. INGEST_WORKER=on moves them to build/ingest-worker.js (app/jobs/ingest-worker.server.ts),
// for machines with cores to spare (decision 026). Idle, nothing runs: no timer, no poll (decision 016).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { MAX_BATCH, type BatchReply, type EventMessage } from "~/jobs/ingest-batch";
import { writeEvents, type IngestEvent } from "~/models/tracking-write.server";

interface Waiting {
  resolve: () => void;
  reject: (error: unknown) => void;
}

let trafficRevision = 0;
let frontRevision = 0;

/**
 * Moves after every committed batch that changed a daily figure (views, time, clicks): the page
 * cache's second version, for pages that show such figures (decision 026). Behind the front process
 * it also moves with the front's own commits (decision 028).
 */
export function trafficVersion(): number {
  return trafficRevision + frontRevision;
}

/** The front's traffic version, which it sends with every request it passes on (decision 028). */
export function noteFrontTraffic(version: number) {
  if (Number.isSafeInteger(version) && version > frontRevision) frontRevision = version;
}

function settle(waiting: Waiting[], outcome: { rollupsChanged: boolean } | { error: unknown }) {
  // Before the 202s go out, so a page asked for after one sees the new figures.
  if ("rollupsChanged" in outcome && outcome.rollupsChanged) trafficRevision++;
  for (const w of waiting) {
    if ("error" in outcome) w.reject(outcome.error);
    else w.resolve();
  }
}

function workerFile(): string | null {
  if (process.env.INGEST_WORKER !== "on") return null;
  try {
    const file = path.join(path.dirname(fileURLToPath(import.meta.url)), "ingest-worker.js");
    return fs.existsSync(file) ? file : null;
  } catch {
    return null;
  }
}

/** Posts each event to the worker at once; the worker answers once per transaction. */
function threadCommitter(file: string) {
  let worker: Worker | null = null;
  let nextId = 0;
  const waiting = new Map<number, Waiting>();
  const failAll = (error: Error) => {
    settle([...waiting.values()], { error });
    waiting.clear();
    worker = null; // a new one starts with the next event
  };
  const start = () => {
    // Its own heap, bounded like the main one (decision 013): a batch is at most 500 small events.
    const w = new Worker(file, { resourceLimits: { maxOldGenerationSizeMb: 48, maxYoungGenerationSizeMb: 8 } });
    w.unref(); // never keeps the process alive on its own
    w.on("message", (reply: BatchReply) => {
      const batch = reply.ids.flatMap((id) => {
        const entry = waiting.get(id);
        waiting.delete(id);
        return entry ? [entry] : [];
      });
      settle(batch, "error" in reply ? { error: new Error(reply.error) } : reply);
    });
    w.on("error", (error) => failAll(error));
    w.on("exit", (code) => failAll(new Error(`ingestion worker exited (${code})`)));
    return w;
  };
  return (event: IngestEvent, entry: Waiting) => {
    worker ??= start();
    const id = nextId++;
    waiting.set(id, entry);
    worker.postMessage({ id, event } satisfies EventMessage);
  };
}

/** The same batching on this thread: every event the event loop has read by then goes in one transaction. */
function inThreadCommitter() {
  const queue: { event: IngestEvent; entry: Waiting }[] = [];
  let scheduled = false;
  const flush = () => {
    const batch = queue.splice(0, MAX_BATCH);
    const waiting = batch.map((p) => p.entry);
    try {
      settle(waiting, { rollupsChanged: writeEvents(batch.map((p) => p.event)) });
    } catch (error) {
      settle(waiting, { error });
    }
    if (queue.length > 0) setImmediate(flush);
    else scheduled = false;
  };
  return (event: IngestEvent, entry: Waiting) => {
    queue.push({ event, entry });
    if (!scheduled) {
      scheduled = true;
      setImmediate(flush);
    }
  };
}

let committer: ((event: IngestEvent, entry: Waiting) => void) | null = null;

/** Resolves once the event is committed; rejects when its transaction failed (then nothing of it is stored). */
export function commitEvent(event: IngestEvent): Promise<void> {
  if (!committer) {
    const file = workerFile();
    committer = file ? threadCommitter(file) : inThreadCommitter();
  }
  const commit = committer;
  return new Promise((resolve, reject) => commit(event, { resolve, reject }));
}

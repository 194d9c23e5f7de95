// The front's ingestion worker, seen from the front's main thread (decision 033). The main thread reads
// requests; the worker (app/jobs/ingest-worker.server.ts, built to build/ingest-worker.js) runs the
// group commit of decision 032 on its own thread, so no commit, checkpoint or fsync ever holds the
// event loop that answers events. Every event read in one turn goes to the worker in one message;
// the worker answers each message once all its events are committed and fsynced (or failed).
import { Worker } from "node:worker_threads";
import type { IngestEvent } from "~/models/tracking-write.server";

export interface BatchMessage {
  id: number;
  events: IngestEvent[];
}

/** Per event of the message, in order: stored (committed and fsynced) or not; and whether a daily figure moved. */
export interface BatchReply {
  id: number;
  stored: boolean[];
  changed: boolean;
  error?: string;
}

interface Waiting {
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** The worker's own heap: it holds a few batches and prepared statements, nothing else. */
const WORKER_LIMITS = { maxOldGenerationSizeMb: 32, maxYoungGenerationSizeMb: 4 };

/**
 * A committer that hands events to the worker in `file`. `onChanged` runs before the events of a batch
 * that moved a daily figure are answered (the page cache's traffic version, decision 026). A worker
 * that fails or exits fails the events it held (they get 503s, none acknowledged); the next event
 * starts another.
 */
export function workerCommitter(file: string | URL, onChanged: () => void): (event: IngestEvent) => Promise<void> {
  let worker: Worker | null = null;
  let nextId = 0;
  let pending: { event: IngestEvent; waiting: Waiting }[] = [];
  let posting = false;
  const inFlight = new Map<number, Waiting[]>();

  const failAll = (error: Error) => {
    for (const waiting of inFlight.values()) for (const w of waiting) w.reject(error);
    inFlight.clear();
    worker = null;
  };
  const answer = (reply: BatchReply) => {
    const waiting = inFlight.get(reply.id) ?? [];
    inFlight.delete(reply.id);
    if (reply.changed) onChanged();
    waiting.forEach((w, i) => (reply.stored[i] ? w.resolve() : w.reject(new Error(reply.error ?? "not stored"))));
  };
  const start = () => {
    const w = new Worker(file, { resourceLimits: WORKER_LIMITS });
    w.unref(); // never keeps the process alive on its own
    w.on("message", answer);
    w.on("error", failAll);
    w.on("exit", (code) => failAll(new Error(`the ingestion worker exited (${code})`)));
    return w;
  };
  const post = () => {
    posting = false;
    const batch = pending;
    pending = [];
    const id = nextId++;
    inFlight.set(
      id,
      batch.map((p) => p.waiting),
    );
    worker ??= start();
    worker.postMessage({ id, events: batch.map((p) => p.event) } satisfies BatchMessage);
  };

  return (event) =>
    new Promise((resolve, reject) => {
      pending.push({ event, waiting: { resolve, reject } });
      if (posting) return;
      posting = true;
      setImmediate(post); // after this turn's requests are read
    });
}

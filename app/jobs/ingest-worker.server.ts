// The ingestion worker thread (decision 026). It owns the ingestion connection and does the group
// commit itself: each event the main thread posts joins a queue; when no commit is running the
// queue is written at once (after the worker's current turn, so the events that arrived together go
// together), and whatever arrives during a commit goes into the next one. A commit's fsync therefore
// never blocks the event loop that reads requests, and the next commit never waits for it either.
// Built to build/ingest-worker.js (scripts/build-server.mjs).
import { parentPort } from "node:worker_threads";
import { MAX_BATCH, type BatchReply, type EventMessage } from "~/jobs/ingest-batch";
import { writeEvents } from "~/models/tracking-write.server";

let queue: EventMessage[] = [];
let scheduled = false;

function flush() {
  scheduled = false;
  const batch = queue.slice(0, MAX_BATCH);
  queue = queue.slice(MAX_BATCH);
  const ids = batch.map((m) => m.id);
  let reply: BatchReply;
  try {
    reply = { ids, rollupsChanged: writeEvents(batch.map((m) => m.event)) };
  } catch (error) {
    reply = { ids, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(reply);
  if (queue.length > 0) schedule();
}

function schedule() {
  if (scheduled) return;
  scheduled = true;
  setImmediate(flush);
}

parentPort?.on("message", (message: EventMessage) => {
  queue.push(message);
  schedule();
});

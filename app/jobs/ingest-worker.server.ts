// The ingestion worker thread (decision 033): the group commit of decision 032 (event-flusher.server.ts)
// on a thread of its own, fed by the front's main thread (ingest-thread.server.ts). Built to
// build/ingest-worker.js (scripts/build-server.mjs).
import { parentPort } from "node:worker_threads";
import { commitEvent, trafficVersion } from "~/jobs/event-flusher.server";
import type { BatchMessage, BatchReply } from "~/jobs/ingest-thread.server";
import { openIngestion } from "~/models/tracking-write.server";

try {
  openIngestion(); // now, not with the first event
} catch {
  // the front logs it (its own connection fails the same way); each batch then fails and is answered 503
}

parentPort?.on("message", async ({ id, events }: BatchMessage) => {
  const before = trafficVersion();
  const results = await Promise.allSettled(events.map(commitEvent));
  const failed = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
  const reply: BatchReply = {
    id,
    stored: results.map((r) => r.status === "fulfilled"),
    changed: trafficVersion() !== before,
    error: failed ? String((failed.reason as Error)?.message ?? failed.reason) : undefined,
  };
  parentPort?.postMessage(reply);
});

// Group commit for tracker events (decision 021): every event that arrives while the event loop is
// busy joins the next transaction, and each request is answered only once its transaction committed.
// Nothing runs while no events arrive: the flush is scheduled by the first event of a batch.
import { writeEvents, type IngestEvent } from "~/models/tracking.server";

/** Events per transaction at most; a bigger backlog is written in several. */
const MAX_BATCH = 500;

interface Pending {
  event: IngestEvent;
  done: (error?: unknown) => void;
}

let queue: Pending[] = [];
let scheduled = false;

function flush() {
  scheduled = false;
  const pending = queue;
  queue = [];
  for (let i = 0; i < pending.length; i += MAX_BATCH) {
    const batch = pending.slice(i, i + MAX_BATCH);
    try {
      writeEvents(batch.map((p) => p.event));
      for (const p of batch) p.done();
    } catch (error) {
      for (const p of batch) p.done(error);
    }
  }
}

/** Resolves once the event is committed; rejects when its transaction failed (then nothing of it is stored). */
export function commitEvent(event: IngestEvent): Promise<void> {
  return new Promise((resolve, reject) => {
    queue.push({ event, done: (error) => (error === undefined ? resolve() : reject(error)) });
    if (!scheduled) {
      scheduled = true;
      setImmediate(flush);
    }
  });
}

// The tracker's write path (decisions 021, 036): the batch writes, salts and pruning are the engine's
// (app/db/tracker.server.ts, decision 068); the day's salt is kept here, read once a day.
import { trackerStore, type IngestEvent } from "~/db/tracker.server";
import { acrossWorkspaces } from "~/db/workspace-scope.server";
import { dayOf } from "~/domain/tracker";

export type { IngestEvent };

/** Today's salt, or the one being read: the events that arrive meanwhile wait for the same one. */
let salt: { day: string; salt: Promise<string> } | null = null;

/** Today's salt for visitor hashes, made once a day and kept only for that day (shared by every process). */
export function saltOf(now: Date): Promise<string> {
  const day = dayOf(now);
  if (salt?.day !== day) {
    const making = { day, salt: trackerStore().saltOf(day) };
    making.salt.catch(() => {
      if (salt === making) salt = null; // asked again by the next event
    });
    salt = making;
  }
  return salt.salt;
}

/** Deletes raw events and page loads older than the retention; rollups stay. Returns rows deleted. */
// Both are the instance's work: a batch holds events of many sites, and retention drops whole
// month partitions (decision 082: across workspaces, with the connecting user's rights).
export const pruneRawEvents = (now: Date, retentionDays: number): Promise<number> =>
  acrossWorkspaces(() => trackerStore().pruneRawEvents(now, retentionDays));

/** Writes a batch in one transaction (committed, not yet durable: see syncCommitted). Whether a daily figure changed. */
export const writeEvents = (events: readonly IngestEvent[]): Promise<boolean> => acrossWorkspaces(() => trackerStore().writeEvents(events));

/** Makes every batch committed so far durable, then calls `done`. */
export const syncCommitted = (done: (error: Error | null) => void): void => trackerStore().syncCommitted(done);

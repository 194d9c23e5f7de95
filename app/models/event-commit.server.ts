// Group commit for tracker events (decision 036). Each request is answered only once the
// transaction holding its event is committed and fsynced. Every event the event loop has read by then
// goes in one transaction, committed without an fsync (milliseconds of SQL, on this thread); one
// fdatasync of the WAL at a time, in libuv's thread pool, then makes every transaction committed before
// it durable, and only then are their events answered. Commits go on while it runs, so the event loop
// never waits for the disk. Idle, nothing runs: no timer, no poll (decision 016).
// On PostgreSQL (decision 048) a batch is one transaction through Prisma: its commit is durable when
// it returns, so the sync after it has nothing to wait for (decision 068). The next batch waits for
// the write either way.
import { syncCommitted, writeEvents, type IngestEvent } from "~/models/tracking-write.server";

interface Waiting {
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** Events per transaction at most; a bigger backlog is written in several. */
const MAX_BATCH = 500;

let trafficRevision = 0;

/**
 * Moves after every committed batch that changed a daily figure (views, time, clicks): the page
 * cache's second version, for pages that show such figures (decision 026).
 */
export function trafficVersion(): number {
  return trafficRevision;
}

function settle(waiting: Waiting[], outcome: { rollupsChanged: boolean } | { error: unknown }) {
  // Before the 202s go out, so a page asked for after one sees the new figures.
  if ("rollupsChanged" in outcome && outcome.rollupsChanged) trafficRevision++;
  for (const w of waiting) {
    if ("error" in outcome) w.reject(outcome.error);
    else w.resolve();
  }
}

const queue: { event: IngestEvent; entry: Waiting }[] = [];
let scheduled = false;
/** Committed, waiting for the next fdatasync; and whether their batches changed a daily figure. */
let committed: Waiting[] = [];
let committedChanged = false;
let syncing = false;

function sync() {
  const group = committed;
  const rollupsChanged = committedChanged;
  committed = [];
  committedChanged = false;
  syncing = true;
  syncCommitted((error) => {
    syncing = false;
    settle(group, error ? { error } : { rollupsChanged });
    if (committed.length > 0) sync();
    else noteIfDrained();
  });
}

/**
 * A commit waits until this many milliseconds after the last one ended: a commit writes every page it
 * touched to the WAL (about fifteen), so under thousands of events a second fewer, larger commits cost
 * less per event. An event that finds the last commit older than this is committed in the next turn.
 */
const COMMIT_INTERVAL_MS = 3;
let lastFlush = -Infinity;

function schedule() {
  const wait = lastFlush + COMMIT_INTERVAL_MS - performance.now();
  if (wait > 0) setTimeout(() => void flush(), wait);
  else setImmediate(() => void flush());
}

async function flush() {
  const batch = queue.splice(0, MAX_BATCH);
  const waiting = batch.map((p) => p.entry);
  try {
    committedChanged = (await writeEvents(batch.map((p) => p.event))) || committedChanged;
    committed.push(...waiting);
    if (!syncing) sync();
  } catch (error) {
    settle(waiting, { error }); // the transaction rolled back: none of these events is stored
  }
  lastFlush = performance.now();
  if (queue.length > 0) schedule();
  else {
    scheduled = false;
    noteIfDrained();
  }
}

/** Resolves once the event is committed and fsynced; rejects when it was not (then it is not acknowledged). */
export function commitEvent(event: IngestEvent): Promise<void> {
  return new Promise((resolve, reject) => {
    queue.push({ event, entry: { resolve, reject } });
    if (!scheduled) {
      scheduled = true;
      schedule();
    }
  });
}

let drainWaiters: (() => void)[] = [];
const drained = () => !scheduled && !syncing && queue.length === 0 && committed.length === 0;
function noteIfDrained() {
  if (!drained()) return;
  const waiters = drainWaiters;
  drainWaiters = [];
  for (const resolve of waiters) resolve();
}

/** Resolves once every event handed in so far is committed and fsynced (or refused): the server's stop waits for it. */
export function drainEvents(): Promise<void> {
  if (drained()) return Promise.resolve();
  return new Promise((resolve) => drainWaiters.push(resolve));
}

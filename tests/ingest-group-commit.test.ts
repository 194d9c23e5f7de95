// The tracker's group commit (decision 032): an event is committed at once, without an fsync, and
// answered only after an fdatasync of the WAL that began after its commit; commits go on meanwhile.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { prisma } from "~/db/db.server";
import { freshSeed } from "./route-helpers";
import { pageView as view } from "./tracker-events";
import { onPostgresRun } from "./engine";

const syncs: ((error: Error | null) => void)[] = [];
const batches: number[] = [];
let afterWrite: (() => void) | null = null;
vi.mock("~/models/tracking-write.server", async (original) => {
  const real = await original<typeof import("~/models/tracking-write.server")>();
  // Each fdatasync waits until the test lets it finish (and then really runs).
  const syncCommitted = (done: (error: Error | null) => void) => syncs.push((error) => (error ? done(error) : real.syncCommitted(done)));
  const writeEvents: typeof real.writeEvents = (events) => {
    batches.push(events.length);
    const changed = real.writeEvents(events);
    afterWrite?.();
    afterWrite = null;
    return changed;
  };
  return { ...real, syncCommitted, writeEvents };
});
const { commitEvent } = await import("~/models/event-commit.server");

/** Whether the promise has settled, a moment after its commit (a check that it has not: waiting longer never turns it). */
async function settled(promise: Promise<unknown>) {
  let done = false;
  void promise.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((resolve) => setTimeout(resolve, 20));
  return done;
}

/** Lets every fsync finish, as they come, until these events are answered. */
async function release(events: Promise<void>[]) {
  let done = false;
  void Promise.all(events).then(() => (done = true));
  while (!done) {
    syncs.shift()?.(null);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const stored = (pageviewId: string) => prisma.trackEvent.count({ where: { pageviewId } });

beforeEach(async () => {
  await freshSeed();
  syncs.length = 0;
  batches.length = 0;
});
afterEach(() => {
  vi.useRealTimers();
  afterWrite = null;
  while (syncs.length > 0) syncs.shift()!(null);
});

describe.skipIf(onPostgresRun)("the tracker's group commit", () => {
  it("commits an event at once but answers it only after the fsync that followed", async () => {
    const first = commitEvent(view("group-pv-1"));
    await expect.poll(() => stored("group-pv-1")).toBe(1); // committed, not yet acknowledged
    await expect.poll(() => syncs.length).toBe(1);
    expect(await settled(first)).toBe(false);

    // Committed while that fsync runs: it waits for the next one, which starts only then.
    const second = commitEvent(view("group-pv-2"));
    await expect.poll(() => stored("group-pv-2")).toBe(1);
    expect(await settled(second)).toBe(false);
    expect(syncs).toHaveLength(1);

    syncs.shift()!(null);
    await first;
    expect(await settled(second)).toBe(false);
    expect(syncs).toHaveLength(1);
    syncs.shift()!(null);
    await second;
  });

  it("commits the events that arrive within a few milliseconds of a commit together", async () => {
    // The commit interval's timer is the test's to end: a busy machine's event loop turns cannot outrun it.
    vi.useFakeTimers({ toFake: ["setTimeout"] });
    const later: Promise<void>[] = [];
    // One event right after the first commit, the next two turns of the event loop later: by then an
    // unpaced committer would have committed the first on its own.
    afterWrite = () => {
      later.push(commitEvent(view("group-pv-6")));
      setImmediate(() => setImmediate(() => later.push(commitEvent(view("group-pv-7")))));
    };
    const first = commitEvent(view("group-pv-5"));
    const turn = () => new Promise((resolve) => setImmediate(resolve));
    for (let i = 0; i < 5 && later.length < 2; i++) await turn();
    expect(later).toHaveLength(2);
    expect(batches).toEqual([1]);
    vi.runOnlyPendingTimers(); // the interval since the first commit ends
    expect(batches).toEqual([1, 2]);
    vi.useRealTimers();
    await release([first, ...later]);
  });

  it("refuses the events of a failed fsync and goes on with the next ones", async () => {
    const failed = commitEvent(view("group-pv-3"));
    await expect.poll(() => syncs.length).toBe(1);
    syncs.shift()!(new Error("EIO"));
    await expect(failed).rejects.toThrow("EIO");

    const next = commitEvent(view("group-pv-4"));
    await expect.poll(() => syncs.length).toBe(1);
    syncs.shift()!(null);
    await expect(next).resolves.toBeUndefined();
  });
});

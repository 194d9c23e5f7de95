// Nudges across replicas (app/jobs/wake-relay.server.ts): with Redis, a nudge in this process is
// published for the others, and one published by another process wakes this process's loop; this
// process's own message does not wake it twice. Skipped, saying why, without a reachable Redis.
import IORedis from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { onWake, wakePublishScheduler } from "~/db/wake.server";
import { startWakeRelay } from "~/jobs/wake-relay.server";
import { REDIS_URL, redisUnavailable } from "./redis";

const unavailable = await redisUnavailable();

describe.skipIf(unavailable !== null)(`nudges across replicas${unavailable ? ` (skipped: ${unavailable})` : ""}`, () => {
  let relay: { stop(): void } | null;
  let other: IORedis;
  const heard: string[] = [];
  let woken = 0;

  beforeAll(async () => {
    onWake("schedule", () => woken++);
    relay = await startWakeRelay(REDIS_URL);
    other = new IORedis(REDIS_URL);
    await other.subscribe("studio:wake");
    other.on("message", (_channel: string, message: string) => heard.push(message));
  });
  afterAll(() => {
    relay?.stop();
    other.disconnect();
  });

  it("publishes this process's nudge, and wakes its loop once", async () => {
    let marker = false;
    onWake("workflow", () => (marker = true));
    wakePublishScheduler();
    await expect.poll(() => heard.length).toBe(1);
    expect(heard[0]).toMatch(/^[0-9a-f-]{36} schedule$/);
    // A marker published after it: once the relay has heard the marker, it has heard its own echo too.
    const publisher = new IORedis(REDIS_URL);
    await publisher.publish("studio:wake", "marker workflow");
    await expect.poll(() => marker).toBe(true);
    publisher.disconnect();
    expect(woken).toBe(1); // the local call, not its own echo
  });

  it("wakes this process's loop for another replica's nudge, and ignores what it does not know", async () => {
    const publisher = new IORedis(REDIS_URL);
    const before = woken;
    await publisher.publish("studio:wake", "another-replica nonsense");
    await publisher.publish("studio:wake", "another-replica schedule");
    await expect.poll(() => woken).toBe(before + 1);
    publisher.disconnect();
  });
});

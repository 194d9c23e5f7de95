// Nudges across replicas (issue 38): with REDIS_URL set, each nudge is also published on one Redis
// channel, and every other process wakes its own loop, so a post scheduled or queued through one
// replica is known to all at once rather than at their next minute's check. Without Redis, nothing.
import { randomUUID } from "node:crypto";
import { sharedRedis } from "~/adapters/redis.server";
import { JOBS, relayWakes, wakeHere, type Job } from "~/db/wake.server";

const CHANNEL = "studio:wake";

export async function startWakeRelay(url = process.env.REDIS_URL): Promise<{ stop(): void } | null> {
  const publisher = sharedRedis(url);
  if (!url || !publisher) return null;
  const { default: Client } = await import("ioredis");
  const me = randomUUID();
  // A subscribed connection takes no other commands, so it is one of its own.
  const subscriber = new Client(url, { maxRetriesPerRequest: null, enableReadyCheck: false });
  subscriber.on("error", (error) => console.error(`wake relay: ${error.message}`));
  subscriber.on("message", (_channel: string, message: string) => {
    const [from, job] = message.split(" ");
    if (from !== me && (JOBS as string[]).includes(job)) wakeHere(job as Job);
  });
  await subscriber.subscribe(CHANNEL);
  const client = await publisher;
  // A lost nudge costs only a delay: the loops still check the shared database at their cap.
  relayWakes((job) => void client.publish(CHANNEL, `${me} ${job}`).catch(() => {}));
  return {
    stop() {
      relayWakes(undefined);
      subscriber.disconnect();
    },
  };
}

// The process's one Redis client for shared counters (decision 053), made on first use when REDIS_URL
// is set; null without it, so a single studio never loads or needs Redis.
import type IORedis from "ioredis";

declare global {
  var __redis: { url: string; client: Promise<IORedis> } | undefined;
}

export function sharedRedis(url = process.env.REDIS_URL): Promise<IORedis> | null {
  if (!url) return null;
  if (globalThis.__redis?.url !== url) {
    const client = import("ioredis").then(({ default: Client }) => new Client(url, { maxRetriesPerRequest: 1, enableOfflineQueue: true }));
    globalThis.__redis = { url, client };
  }
  return globalThis.__redis.client;
}

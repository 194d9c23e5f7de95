// The process's one Redis client for shared counters (decision 053), made on first use when REDIS_URL
// is set; null without it, so a single studio never loads or needs Redis.
import type IORedis from "ioredis";
import { shortReason, type DependencyState } from "~/domain/readiness";

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

const PING_TIMEOUT_MS = 2000;
const LOST = new Set(["reconnecting", "close", "end"]);

/** Lost the connection it had: a command would wait for the reconnection (or its failure). */
export const lostConnection = (redis: IORedis) => LOST.has(redis.status);

/** For /readyz: not configured (ready: everything is counted in this process), or whether Redis answers a PING. */
export async function redisReadiness(url = process.env.REDIS_URL): Promise<DependencyState> {
  const client = sharedRedis(url);
  if (!client) return { ready: true, state: "not configured (limits and live updates stay in this process)" };
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${PING_TIMEOUT_MS} ms`)), PING_TIMEOUT_MS);
  });
  try {
    const redis = await client;
    // Say so at once rather than wait for the reconnection to fail.
    if (lostConnection(redis)) return { ready: false, state: `configured, unreachable (${redis.status})` };
    await Promise.race([redis.ping(), timeout]);
    return { ready: true, state: "reachable" };
  } catch (error) {
    return { ready: false, state: `configured, unreachable (${shortReason(error)})` };
  } finally {
    clearTimeout(timer);
  }
}

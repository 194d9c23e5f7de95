// The one rate limiter for every limit that protects the studio (the tracker's events, review links):
// a fixed window shared by every replica through Redis when REDIS_URL is set (decision 053), else
// counted in this process (app/domain/review-link.ts). A Redis that does not answer, or is
// reconnecting, falls back to the process's own count rather than refusing everyone or letting
// everyone through, and without making each request wait for it.
import { createRateLimiter } from "~/domain/review-link";
import { lostConnection, sharedRedis } from "./redis.server";

type Verdict = { allowed: true } | { allowed: false; retryAfterSec: number };
interface LimitOptions {
  limit: number;
  windowMs: number;
  /** Keys the in-process count keeps (app/domain/review-link.ts). */
  maxKeys?: number;
}

const WARN_EVERY_MS = 60_000;

export function sharedRateLimiter(name: string, options: LimitOptions, redisUrl?: string) {
  let local = createRateLimiter(options);
  let warnedAt = -Infinity;
  const fallBack = (key: string, now: number, why: string) => {
    if (now - warnedAt >= WARN_EVERY_MS) {
      warnedAt = now;
      console.warn(`rate limit ${name}: Redis did not answer (${why}); counting in this process`);
    }
    return local.hit(key, now);
  };
  return {
    async hit(key: string, now: number): Promise<Verdict> {
      const shared = sharedRedis(redisUrl);
      if (!shared) return local.hit(key, now);
      const redis = await shared;
      if (lostConnection(redis)) return fallBack(key, now, redis.status);
      try {
        const k = `studio:rate:${name}:${key}`;
        const replies = await redis.multi().incr(k).pexpire(k, options.windowMs, "NX").pttl(k).exec();
        const count = Number(replies?.[0]?.[1]);
        const ttl = Number(replies?.[2]?.[1]);
        if (count <= options.limit) return { allowed: true };
        return { allowed: false, retryAfterSec: Math.max(1, Math.ceil(ttl / 1000)) };
      } catch (error) {
        return fallBack(key, now, (error as Error).message);
      }
    },
    /** Forgets this process's counts (tests); Redis's windows run out by themselves. */
    reset() {
      local = createRateLimiter(options);
    },
  };
}

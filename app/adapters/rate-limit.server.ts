// A fixed-window rate limit shared by every replica through Redis when REDIS_URL is set (decision 053),
// else counted in this process (app/domain/review-link.ts). A Redis that does not answer falls back to
// the process's own count rather than refusing everyone or letting everyone through.
import { createRateLimiter } from "~/domain/review-link";
import { sharedRedis } from "./redis.server";

type Verdict = { allowed: true } | { allowed: false; retryAfterSec: number };

export function sharedRateLimiter(name: string, options: { limit: number; windowMs: number }, redisUrl?: string) {
  const local = createRateLimiter(options);
  return {
    async hit(key: string, now: number): Promise<Verdict> {
      const redis = sharedRedis(redisUrl);
      if (!redis) return local.hit(key, now);
      try {
        const k = `studio:rate:${name}:${key}`;
        const replies = await (await redis).multi().incr(k).pexpire(k, options.windowMs, "NX").pttl(k).exec();
        const count = Number(replies?.[0]?.[1]);
        const ttl = Number(replies?.[2]?.[1]);
        if (count <= options.limit) return { allowed: true };
        return { allowed: false, retryAfterSec: Math.max(1, Math.ceil(ttl / 1000)) };
      } catch (error) {
        console.warn(`rate limit ${name}: Redis did not answer (${(error as Error).message}); counting in this process`);
        return local.hit(key, now);
      }
    },
  };
}

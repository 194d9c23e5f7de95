// The review link's rate limit across replicas (decision 053): two limiters, as two processes would
// hold, count one window in Redis. Without REDIS_URL each counts alone. Skipped, saying why, without Redis.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { sharedRateLimiter } from "~/adapters/rate-limit.server";
import { REDIS_URL, redisUnavailable } from "./redis";

const unavailable = await redisUnavailable();
const window = { limit: 3, windowMs: 60_000 };

describe.skipIf(unavailable !== null)(`a rate limit shared by replicas${unavailable ? ` (skipped: ${unavailable})` : ""}`, () => {
  it("counts hits on two replicas in one window, and says how long to wait", async () => {
    const name = `test-${randomUUID()}`;
    const [a, b] = [sharedRateLimiter(name, window, REDIS_URL), sharedRateLimiter(name, window, REDIS_URL)];
    const now = Date.now();
    expect(await a.hit("203.0.113.7", now)).toEqual({ allowed: true });
    expect(await b.hit("203.0.113.7", now)).toEqual({ allowed: true });
    expect(await a.hit("203.0.113.7", now)).toEqual({ allowed: true });
    const refused = await b.hit("203.0.113.7", now);
    expect(refused).toMatchObject({ allowed: false });
    expect(refused.allowed === false && refused.retryAfterSec).toBeGreaterThan(50);
    expect(await b.hit("198.51.100.1", now)).toEqual({ allowed: true });
  });
});

it("without Redis, each process counts its own hits", async () => {
  const name = `test-${randomUUID()}`;
  const [a, b] = [sharedRateLimiter(name, window, ""), sharedRateLimiter(name, window, "")];
  for (let i = 0; i < 3; i++) expect(await a.hit("203.0.113.7", 0)).toEqual({ allowed: true });
  expect(await a.hit("203.0.113.7", 0)).toMatchObject({ allowed: false });
  expect(await b.hit("203.0.113.7", 0)).toEqual({ allowed: true });
});

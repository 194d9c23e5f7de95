// The shared limits across replicas (decision 053): two limiters, as two processes would hold, count
// one window in Redis, for the review link's limit and the tracker's. Without REDIS_URL each counts
// alone. Skipped, saying why, without Redis.
import { randomUUID } from "node:crypto";
import net from "node:net";
import { describe, expect, it, vi } from "vitest";
import { sharedRateLimiter } from "~/adapters/rate-limit.server";
import { sharedRedis } from "~/adapters/redis.server";
import { trackerRateLimiter } from "~/services/tracking.server";
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

  it("counts the tracker's events (600 a minute per address) from two replicas together", async () => {
    const address = `test-${randomUUID()}`; // a key of its own: windows outlive a run by a minute
    const [a, b] = [trackerRateLimiter(undefined, REDIS_URL), trackerRateLimiter(undefined, REDIS_URL)];
    const now = Date.now();
    for (let i = 0; i < 300; i++) {
      expect(await a.hit(address, now)).toEqual({ allowed: true });
      expect(await b.hit(address, now)).toEqual({ allowed: true });
    }
    expect(await a.hit(address, now)).toMatchObject({ allowed: false });
    expect(await b.hit(address, now)).toMatchObject({ allowed: false });
  });
});

it("without Redis, each process counts its own hits", async () => {
  const name = `test-${randomUUID()}`;
  const [a, b] = [sharedRateLimiter(name, window, ""), sharedRateLimiter(name, window, "")];
  for (let i = 0; i < 3; i++) expect(await a.hit("203.0.113.7", 0)).toEqual({ allowed: true });
  expect(await a.hit("203.0.113.7", 0)).toMatchObject({ allowed: false });
  expect(await b.hit("203.0.113.7", 0)).toEqual({ allowed: true });
});

it("with Redis configured but not answering, counts in this process instead", async () => {
  const server = net.createServer().listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
  try {
    const limiter = sharedRateLimiter(`test-${randomUUID()}`, window, `redis://127.0.0.1:${port}`);
    for (let i = 0; i < 3; i++) expect(await limiter.hit("203.0.113.7", 0)).toEqual({ allowed: true });
    expect(await limiter.hit("203.0.113.7", 0)).toMatchObject({ allowed: false });
    expect(warn).toHaveBeenCalledTimes(1); // once a minute, not once a request
    // While it reconnects, a hit is counted here at once rather than waiting on Redis.
    const redis = await sharedRedis(`redis://127.0.0.1:${port}`)!;
    const reconnecting = sharedRateLimiter(`test-${randomUUID()}`, window, `redis://127.0.0.1:${port}`);
    const verdict = await new Promise((resolve) => redis.once("reconnecting", () => resolve(reconnecting.hit("203.0.113.7", 0))));
    expect(verdict).toEqual({ allowed: true });
    expect(warn).toHaveBeenLastCalledWith(expect.stringContaining("Redis did not answer (reconnecting)"));
  } finally {
    warn.mockRestore();
    const shared = globalThis.__redis;
    globalThis.__redis = undefined;
    (await shared?.client)?.disconnect();
  }
});

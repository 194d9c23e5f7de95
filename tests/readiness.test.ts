// /readyz (readiness): each dependency named with its state, 200 only when all are ready, 503 naming
// those that are not: Redis configured but unreachable, a migration not applied. Nothing is written.
// Runs on both engines (TEST_ENGINE).
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { redisReadiness, sharedRedis } from "~/adapters/redis.server";
import { migrationsDirectory } from "~/db/readiness.server";
import type { ReadinessAnswer } from "~/domain/readiness";
import { loader } from "~/routes/readyz";
import { databaseDigest } from "./db-snapshot";
import { REDIS_URL, redisUnavailable } from "./redis";
import { freshSeed } from "./route-helpers";

const ready = async () => {
  const response = await loader();
  return { status: response.status, body: (await response.json()) as ReadinessAnswer };
};

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer().listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

beforeEach(async () => {
  await freshSeed();
  vi.stubEnv("REDIS_URL", "");
});
afterEach(async () => {
  vi.unstubAllEnvs();
  const shared = globalThis.__redis;
  globalThis.__redis = undefined;
  (await shared?.client)?.disconnect(); // the client this test made, not one another file keeps
});

describe("/readyz", () => {
  it("answers 200 naming the database, Redis (not configured) and migrations (all applied), and writes nothing", async () => {
    const before = await databaseDigest();
    const { status, body } = await ready();
    const total = fs
      .readdirSync(migrationsDirectory())
      .filter((name) => fs.existsSync(path.join(migrationsDirectory(), name, "migration.sql"))).length;
    expect(status).toBe(200);
    expect(body).toEqual({
      ready: true,
      notReady: [],
      dependencies: {
        database: { ready: true, state: "reachable" },
        redis: { ready: true, state: expect.stringMatching(/^not configured/) },
        migrations: { ready: true, state: `all ${total} applied` },
      },
    });
    expect(await databaseDigest()).toEqual(before);
  });

  it("answers 503 naming Redis when it is configured but nothing answers on its port", async () => {
    vi.stubEnv("REDIS_URL", `redis://127.0.0.1:${await closedPort()}`);
    const { status, body } = await ready();
    expect(status).toBe(503);
    expect(body.notReady).toEqual(["redis"]);
    expect(body.dependencies.redis).toEqual({ ready: false, state: expect.stringMatching(/^configured, unreachable \(.+\)$/) });
    expect(body.dependencies.database.ready).toBe(true);
  });

  it("says at once that Redis is unreachable while it reconnects, without waiting for a PING", async () => {
    const url = `redis://127.0.0.1:${await closedPort()}`;
    const redis = await sharedRedis(url)!;
    const state = await new Promise((resolve) => redis.once("reconnecting", () => resolve(redisReadiness(url))));
    expect(state).toEqual({ ready: false, state: "configured, unreachable (reconnecting)" });
  });

  it("answers 503 naming migrations when the folder holds one not applied", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "readyz-migrations-"));
    fs.cpSync(migrationsDirectory(), dir, { recursive: true });
    fs.mkdirSync(path.join(dir, "99991231000000_not_yet"));
    fs.writeFileSync(path.join(dir, "99991231000000_not_yet", "migration.sql"), "SELECT 1;\n");
    vi.stubEnv("MIGRATIONS_DIR", dir);
    const { status, body } = await ready();
    expect(status).toBe(503);
    expect(body.notReady).toEqual(["migrations"]);
    expect(body.dependencies.migrations.state).toMatch(/^1 of \d+ pending: 99991231000000_not_yet$/);
    fs.rmSync(dir, { recursive: true });
  });

  it("answers 200 with Redis configured and reachable", async (context) => {
    if (await redisUnavailable()) return context.skip();
    vi.stubEnv("REDIS_URL", REDIS_URL);
    const { status, body } = await ready();
    expect([status, body.dependencies.redis]).toEqual([200, { ready: true, state: "reachable" }]);
  });
});

// A transaction waits its turn at a busy pool instead of failing after Prisma's default 2 s (P2028):
// the editor waits for its save, so a burst of saves must queue, not fail (TRANSACTION_QUEUE_MS).
// Skipped, saying why, without a reachable PostgreSQL.
import type { PrismaClient } from "@prisma/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPrismaClient } from "~/db/db.server";
import { freshPostgresDatabase, postgresUnavailable } from "./postgres";

const unavailable = await postgresUnavailable();

describe.skipIf(unavailable !== null)(`transactions at a busy pool${unavailable ? ` (skipped: ${unavailable})` : ""}`, () => {
  let database: { url: string; drop: () => Promise<void> };
  let client: PrismaClient;

  beforeAll(async () => {
    database = await freshPostgresDatabase({ migrated: false });
    const size = process.env.DATABASE_POOL_SIZE;
    process.env.DATABASE_POOL_SIZE = "1";
    client = createPrismaClient(database.url);
    if (size === undefined) delete process.env.DATABASE_POOL_SIZE;
    else process.env.DATABASE_POOL_SIZE = size;
  });
  afterAll(async () => {
    await client.$disconnect();
    await database.drop();
  });

  it("starts a transaction that waited 3 s for the pool's one connection", async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let holding = () => {};
    const started = new Promise<void>((resolve) => (holding = resolve));
    const first = client.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT 1`;
      holding();
      await held;
    });
    await started;
    const second = client.$transaction(async (tx) => tx.$queryRaw<{ n: number }[]>`SELECT 2 AS n`);
    await new Promise((r) => setTimeout(r, 3000));
    release();
    await first;
    await expect(second).resolves.toEqual([{ n: 2 }]);
  });
});

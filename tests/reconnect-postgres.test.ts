// A PostgreSQL connection cut under the studio (pg_terminate_backend, a failover) costs a retry, not an
// error: a statement the server aborted runs again, a transaction that lost its connection before its
// commit runs again from the start, and each stores once (app/db/postgres-reconnect.server.ts).
// Skipped, saying why, without a reachable PostgreSQL.
import pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { PrismaClient } from "@prisma/client";
import { createPrismaClient } from "~/db/db.server";
import { connectionLoss, onlyReads, sendAgainOnLoss } from "~/db/postgres-reconnect.server";
import { INSTANCE, resetTestScope } from "~/db/workspace-scope.server";
import { freshPostgresDatabase, postgresUnavailable } from "./postgres";

// The instance's own tooling (connections, partitions), across workspaces with the connecting user's rights (decision 082).
beforeEach(() => resetTestScope(INSTANCE));

describe("connectionLoss", () => {
  it("names what the server aborted or never received as never-ran, a drop in flight as unknown, anything else as no loss", () => {
    expect(connectionLoss({ code: "57P01", message: "terminating connection due to administrator command" })).toBe("never-ran");
    expect(connectionLoss(new Error("Client has encountered a connection error and is not queryable"))).toBe("never-ran");
    const prismaError = { code: "P2010", meta: { driverAdapterError: { cause: { originalCode: "57P01", kind: "postgres" } } } };
    expect(connectionLoss(prismaError)).toBe("never-ran");
    expect(connectionLoss(new Error("Connection terminated unexpectedly"))).toBe("unknown");
    expect(connectionLoss({ code: "23505", message: "duplicate key value violates unique constraint" })).toBeNull();
    expect(connectionLoss(new Error("syntax error at or near SELEC"))).toBeNull();
  });

  it("repeats a write only when it never ran, a read also when its fate is unknown", async () => {
    const failingOnce = (error: Error) => {
      let calls = 0;
      return async () => {
        calls++;
        if (calls === 1) throw error;
        return calls;
      };
    };
    const unknown = new Error("Connection terminated unexpectedly");
    await expect(sendAgainOnLoss(failingOnce(unknown), (loss) => loss === "never-ran")).rejects.toBe(unknown);
    await expect(sendAgainOnLoss(failingOnce(unknown), () => true)).resolves.toBe(2);
    expect(onlyReads(`SELECT "n" FROM "DataRevision"`)).toBe(true);
    expect(onlyReads(`WITH moved AS (UPDATE "Job" SET "x" = 1 RETURNING *) SELECT * FROM moved`)).toBe(false);
    expect(onlyReads(`INSERT INTO "Comment" VALUES (1)`)).toBe(false);
  });
});

const unavailable = await postgresUnavailable();

describe.skipIf(unavailable !== null)(`a cut connection on PostgreSQL${unavailable ? ` (skipped: ${unavailable})` : ""}`, () => {
  let database: { url: string; drop: () => Promise<void> };
  let client: PrismaClient;
  let side: pg.Client;

  /** Ends the backend `pid` from another connection and waits until it is gone. */
  const cut = async (pid: number) => {
    await side.query("SELECT pg_terminate_backend($1)", [pid]);
    while ((await side.query("SELECT 1 FROM pg_stat_activity WHERE pid = $1", [pid])).rowCount) await new Promise((r) => setTimeout(r, 10));
  };
  const probes = async () => (await side.query<{ id: string }>(`SELECT "id" FROM "Probe" ORDER BY "id"`)).rows.map((r) => r.id);

  beforeAll(async () => {
    database = await freshPostgresDatabase({ migrated: false });
    side = new pg.Client({ connectionString: database.url });
    await side.connect();
    await side.query(`CREATE TABLE "Probe" ("id" text PRIMARY KEY)`);
    client = createPrismaClient(database.url);
  });
  afterAll(async () => {
    await client.$disconnect();
    await side.end();
    await database.drop();
  });

  it("runs a transaction again from the start when its connection is cut before the commit, and stores it once", async () => {
    let attempts = 0;
    await client.$transaction(async (tx) => {
      attempts++;
      await tx.$executeRaw`INSERT INTO "Probe" ("id") VALUES ('tx-1')`;
      const [{ pid }] = await tx.$queryRaw<{ pid: number }[]>`SELECT pg_backend_pid() AS pid`;
      if (attempts === 1) await cut(pid);
      await tx.$executeRaw`INSERT INTO "Probe" ("id") VALUES ('tx-2')`;
    });
    expect(attempts).toBe(2);
    expect(await probes()).toEqual(["tx-1", "tx-2"]);
  });

  it("gives a cut transaction's connection back: after more cuts than the pool holds (10), transactions still start", async () => {
    for (let n = 0; n < 12; n++) {
      let attempts = 0;
      await client.$transaction(async (tx) => {
        attempts++;
        const [{ pid }] = await tx.$queryRaw<{ pid: number }[]>`SELECT pg_backend_pid() AS pid`;
        if (attempts === 1) await cut(pid);
        await tx.$executeRaw`INSERT INTO "Probe" ("id") VALUES (${`pool-${n}`})`;
      });
    }
    expect((await probes()).filter((id) => id.startsWith("pool-"))).toHaveLength(12);
  });

  it("sends a write again when the server aborted it in flight, and stores it once", async () => {
    const slowInsert = client.$executeRaw`INSERT INTO "Probe" ("id") SELECT 'slow' FROM pg_sleep(0.5)`;
    const running = async () =>
      (await side.query<{ pid: number }>(`SELECT pid FROM pg_stat_activity WHERE query LIKE '%pg_sleep(0.5)%' AND pid <> pg_backend_pid()`))
        .rows[0]?.pid;
    const killer = (async () => {
      let pid: number | undefined;
      while (!(pid = await running())) await new Promise((r) => setTimeout(r, 5));
      await cut(pid);
    })();
    await expect(slowInsert).resolves.toBe(1);
    await killer;
    expect((await probes()).filter((id) => id === "slow")).toEqual(["slow"]);
  });

  it("runs on through a storm of cuts: every acknowledged write stored once, no failed one stored", async () => {
    // A cut client with no 'error' listener ended the process (an unhandled 'error' event: Vitest fails the run).
    const acknowledged: string[] = [];
    const failed: string[] = [];
    let stop = false;
    const worker = async (n: number) => {
      for (let i = 0; !stop; i++) {
        const id = `storm-${n}-${i}`;
        try {
          if (i % 2)
            await client.$transaction(async (tx) => {
              await tx.$queryRaw`SELECT 1`;
              await new Promise((r) => setTimeout(r, 5));
              await tx.$executeRaw`INSERT INTO "Probe" ("id") VALUES (${id})`;
            });
          else await client.$executeRaw`INSERT INTO "Probe" ("id") SELECT ${id} FROM pg_sleep(0.01)`;
          acknowledged.push(id);
        } catch {
          failed.push(id);
        }
      }
    };
    const cutAll = () =>
      side.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()");
    const workers = Array.from({ length: 20 }, (_, n) => worker(n));
    for (let cuts = 0; cuts < 20; cuts++) {
      await new Promise((r) => setTimeout(r, 150));
      await cutAll();
    }
    stop = true;
    await Promise.all(workers);
    const stored = new Set((await probes()).filter((id) => id.startsWith("storm-")));
    expect(acknowledged.length).toBeGreaterThan(100);
    expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
    expect(failed.filter((id) => stored.has(id))).toEqual([]);
    expect(stored.size).toBe(acknowledged.length);
  });

  it("reads on after every connection of its pool was cut", async () => {
    await client.$queryRaw`SELECT 1`;
    const { rows } = await side.query<{ pid: number }>(
      "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()",
    );
    for (const { pid } of rows) await cut(pid);
    await expect(client.$queryRaw<{ one: number }[]>`SELECT 1 AS one`).resolves.toEqual([{ one: 1 }]);
  });
});

import { createRequire } from "node:module";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaClient } from "@prisma/client";
import type { PrismaPg as PrismaPgFactory } from "@prisma/adapter-pg";
import { databaseEngine, engineOf } from "~/db/engine.server";
import { DB_TIMESTAMP_FORMAT } from "~/db/db-row.server";
import { rowSecurity } from "~/db/postgres/row-security.server";
import { reconnecting, retryingTransactions } from "~/db/postgres-reconnect.server";
import { oneAtATime } from "~/db/sqlite-one-at-a-time.server";
import { scopedToWorkspace } from "~/db/workspace-queries.server";

import { BUSY_TIMEOUT_MS, CONNECTION_PRAGMAS, databaseUrl, postgresPoolSize, TRANSACTION_QUEUE_MS } from "~/db/db-settings.server";

export { BUSY_TIMEOUT_MS, CONNECTION_PRAGMAS, databaseUrl };

type Pragmatic = { pragma(source: string): unknown };

/** The better-sqlite3 adapter factory, with the pragmas run on each new connection. */
class TunedSQLite extends PrismaBetterSQLite3 {
  override async connect() {
    const adapter = await super.connect();
    const db = (adapter as unknown as { client: Pragmatic }).client;
    for (const pragma of CONNECTION_PRAGMAS) db.pragma(pragma);
    return oneAtATime(adapter);
  }
}

export function createPrismaClient(url = databaseUrl()): PrismaClient {
  if (engineOf(url) === "postgresql") return createPostgresClient(url);
  // timeout is SQLite's busy timeout: writers wait instead of failing with SQLITE_BUSY.
  // Dates are stored as ISO text, the one codec raw SQL also uses (db-row.server.ts).
  const client = new PrismaClient({
    adapter: new TunedSQLite({ url, timeout: BUSY_TIMEOUT_MS }, { timestampFormat: DB_TIMESTAMP_FORMAT }),
    transactionOptions: { maxWait: TRANSACTION_QUEUE_MS },
  });
  return scopedToWorkspace(client);
}

/**
 * The client generated from prisma/postgresql/schema.prisma (Prisma takes one provider per client,
 * decision 046) through the pg adapter. Loaded only on PostgreSQL, so a SQLite studio never needs it.
 * Typed as the SQLite client: both are generated from the same models (tests/postgres-schema.test.ts).
 */
function createPostgresClient(url: string): PrismaClient {
  const load = createRequire(import.meta.url);
  const { PrismaClient: PostgresClient } = load(".prisma/client-pg") as { PrismaClient: new (options: object) => unknown };
  const { PrismaPg } = load("@prisma/adapter-pg") as { PrismaPg: typeof PrismaPgFactory };
  class ReconnectingPg extends PrismaPg {
    override async connect() {
      const adapter = await super.connect();
      // A client cut while checked out emits 'error'; with no listener that would end the process.
      // The pool and the adapter still see the error and drop the client.
      const pool = adapter.underlyingDriver() as { on(event: "connect", listener: (client: NodeJS.EventEmitter) => void): void };
      pool.on("connect", (client) => client.on("error", () => {}));
      return reconnecting(rowSecurity(adapter));
    }
  }
  // The seed's one batch transaction fires a plpgsql trigger per row (the rollups): more than Prisma's
  // default 5 s on a busy machine, where SQLite's triggers take a fraction of that.
  const client = new PostgresClient({
    adapter: new ReconnectingPg({ connectionString: url, max: postgresPoolSize() }),
    transactionOptions: { timeout: 60_000, maxWait: TRANSACTION_QUEUE_MS },
  });
  return retryingTransactions(scopedToWorkspace(client as PrismaClient));
}

declare global {
  var __prisma: PrismaClient | undefined;

  var __prismaReady: Promise<void> | undefined;
}

// One client per process, kept across dev rebuilds; its engine is what onPostgres() answers.
if (!globalThis.__prisma) {
  globalThis.__prisma = createPrismaClient();
  globalThis.__prismaEngine = databaseEngine();
}
export const prisma = globalThis.__prisma;

/** Opens the connection once at start-up (server boot, scripts); requests never wait on it. */
export function ensureDatabaseReady(): Promise<void> {
  globalThis.__prismaReady ??= prisma.$connect();
  return globalThis.__prismaReady;
}

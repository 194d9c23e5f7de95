import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaClient } from "@prisma/client";
import Database from "better-sqlite3";
import { col, DB_TIMESTAMP_FORMAT } from "~/db-row.server";

import { BUSY_TIMEOUT_MS, CONNECTION_PRAGMAS, databaseUrl } from "~/db-settings.server";

export { BUSY_TIMEOUT_MS, CONNECTION_PRAGMAS, databaseUrl };

type Pragmatic = { pragma(source: string): unknown };

/** The better-sqlite3 adapter factory, with the pragmas run on each new connection. */
class TunedSQLite extends PrismaBetterSQLite3 {
  override async connect() {
    const adapter = await super.connect();
    const db = (adapter as unknown as { client: Pragmatic }).client;
    for (const pragma of CONNECTION_PRAGMAS) db.pragma(pragma);
    return adapter;
  }
}

export function createPrismaClient(url = databaseUrl()): PrismaClient {
  // timeout is SQLite's busy timeout: writers wait instead of failing with SQLITE_BUSY.
  // Dates are stored as ISO text, the one codec raw SQL also uses (db-row.server.ts).
  return new PrismaClient({ adapter: new TunedSQLite({ url, timeout: BUSY_TIMEOUT_MS }, { timestampFormat: DB_TIMESTAMP_FORMAT }) });
}

declare global {
  var __prisma: PrismaClient | undefined;

  var __prismaReady: Promise<void> | undefined;

  var __readDb: { url: string; db: Database.Database } | undefined;
}

// One client per process, kept across dev rebuilds.
export const prisma = (globalThis.__prisma ??= createPrismaClient());

/** Opens the connection once at start-up (server boot, scripts); requests never wait on it. */
export function ensureDatabaseReady(): Promise<void> {
  globalThis.__prismaReady ??= prisma.$connect();
  return globalThis.__prismaReady;
}

/**
 * A second, read-only connection to the same file for the hottest reads (decision 011): a prepared
 * better-sqlite3 statement costs microseconds where the same query through Prisma costs about a
 * millisecond. WAL lets it read while Prisma's connection writes, and it sees every committed write.
 * `query_only` makes any write through it fail; writes always go through Prisma.
 */
export function readDb(): Database.Database {
  const url = databaseUrl();
  if (globalThis.__readDb?.url !== url) {
    globalThis.__readDb?.db.close();
    const db = new Database(url.replace(/^file:/, ""), { fileMustExist: true, timeout: BUSY_TIMEOUT_MS });
    db.pragma("query_only = ON");
    db.pragma("mmap_size = 1073741824");
    globalThis.__readDb = { url, db };
  }
  return globalThis.__readDb.db;
}

/**
 * A number that changes whenever any connection or process commits a write to the database: SQLite's
 * `data_version` as seen from the read-only connection, which itself never writes. The page cache
 * (decision 012) serves a stored page only while it is unchanged.
 */
export function dataVersion(): number {
  return col.int.parse(readDb().pragma("data_version", { simple: true }));
}

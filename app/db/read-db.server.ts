// The read-only connection for the hottest reads (decision 011), the tracker's lookups among them.
import Database from "better-sqlite3";
import { col } from "~/db/db-row.server";
import { BUSY_TIMEOUT_MS, databaseUrl } from "~/db/db-settings.server";

declare global {
  var __readDb: { url: string; db: Database.Database } | undefined;
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
    if (!url.startsWith("file:"))
      throw new Error("The read-only connection is SQLite's: on PostgreSQL this read needs its twin (decision 048).");
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

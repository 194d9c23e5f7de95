// Connection settings shared by Prisma's connection, the read-only one and the ingestion one, in a
// module that opens nothing itself.
import path from "node:path";

export function databaseUrl(): string {
  return process.env.DATABASE_URL ?? "file:./prisma/dev.db";
}

/**
 * How long a transaction waits for its turn at a connection before it gives up (Prisma's maxWait,
 * 2 s by default). A burst of writes (every editor saving at once) queues at the pool while
 * PostgreSQL works through the ones ahead; at 2 s that queue was answered as P2028 errors that the
 * editor, which waits for its save, would have waited out (docs/quality.md, "Two replicas": 0
 * errors at 15 s, and a pool twice as large only loaded PostgreSQL more and kept the errors).
 */
export const TRANSACTION_QUEUE_MS = 15_000;

/** Connections each process keeps to PostgreSQL (DATABASE_POOL_SIZE; node-postgres's default is 10). */
export function postgresPoolSize(): number {
  const size = Number(process.env.DATABASE_POOL_SIZE ?? 10);
  return Number.isInteger(size) && size > 0 ? size : 10;
}

/**
 * The folder for files kept beside the data (the secret key, uploads): the SQLite file's folder, or on
 * PostgreSQL (decision 046) STUDIO_DATA_DIR, by default ./prisma, never a path made from the URL.
 */
export function dataDirectory(url = databaseUrl()): string {
  if (url.startsWith("file:")) return path.dirname(path.resolve(url.replace(/^file:/, "")));
  return path.resolve(process.env.STUDIO_DATA_DIR ?? "prisma");
}

/** How long a writer waits for the lock before SQLITE_BUSY (ms). */
export const BUSY_TIMEOUT_MS = 5000;

/**
 * Settings applied to every connection as it opens (docs/decisions/010):
 * - WAL: readers never block the writer, and a crash leaves the last commit intact.
 * - synchronous=FULL: every commit is fsynced to the WAL before the save is acknowledged, so an
 *   acknowledged autosave survives power loss as well as a killed process. NORMAL would survive only
 *   the latter; the cost of FULL is one fsync per write, which the load script measures.
 * - foreign_keys on, as Prisma's relations assume.
 * - mmap_size 1 GiB: memory-mapped reads for the analytics rollups' many small lookups (decision 006).
 */
export const CONNECTION_PRAGMAS = ["journal_mode = WAL", "synchronous = FULL", "foreign_keys = ON", "mmap_size = 1073741824"] as const;

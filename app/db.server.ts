import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaClient } from "@prisma/client";

export function databaseUrl(): string {
  return process.env.DATABASE_URL ?? "file:./prisma/dev.db";
}

export function createPrismaClient(url = databaseUrl()): PrismaClient {
  // timeout is SQLite's busy timeout: writers wait instead of failing with SQLITE_BUSY.
  return new PrismaClient({ adapter: new PrismaBetterSQLite3({ url, timeout: 5000 }) });
}

declare global {
  // eslint-disable-next-line no-var
  var __prisma: PrismaClient | undefined;
  // eslint-disable-next-line no-var
  var __prismaReady: Promise<void> | undefined;
}

// One client per process, kept across dev rebuilds.
export const prisma = (globalThis.__prisma ??= createPrismaClient());

export function ensureDatabaseReady(): Promise<void> {
  // Memory-mapped reads: the analytics rollups are read by many small lookups (decision 006).
  globalThis.__prismaReady ??= prisma
    .$queryRawUnsafe("PRAGMA journal_mode = WAL")
    .then(() => prisma.$queryRawUnsafe("PRAGMA mmap_size = 1073741824"))
    .then(() => undefined);
  return globalThis.__prismaReady;
}

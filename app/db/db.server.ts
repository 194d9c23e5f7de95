import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaClient } from "@prisma/client";
import { DB_TIMESTAMP_FORMAT } from "~/db/db-row.server";

import { BUSY_TIMEOUT_MS, CONNECTION_PRAGMAS, databaseUrl } from "~/db/db-settings.server";

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
}

// One client per process, kept across dev rebuilds.
export const prisma = (globalThis.__prisma ??= createPrismaClient());

/** Opens the connection once at start-up (server boot, scripts); requests never wait on it. */
export function ensureDatabaseReady(): Promise<void> {
  globalThis.__prismaReady ??= prisma.$connect();
  return globalThis.__prismaReady;
}

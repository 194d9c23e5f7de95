// Which database DATABASE_URL names (decision 046): `file:…` is SQLite (the embedded default),
// `postgresql://…` or `postgres://…` is PostgreSQL. Opens nothing itself.
import { databaseUrl } from "~/db/db-settings.server";

export type DatabaseEngine = "sqlite" | "postgresql";

export function engineOf(url: string): DatabaseEngine {
  if (/^postgres(ql)?:\/\//i.test(url)) return "postgresql";
  if (url.startsWith("file:")) return "sqlite";
  throw new Error(`DATABASE_URL must start with file: (SQLite) or postgresql:// (PostgreSQL), not ${url.split(":")[0]}:`);
}

export function databaseEngine(url = databaseUrl()): DatabaseEngine {
  return engineOf(url);
}

declare global {
  /** The engine of the process's Prisma client (`prisma` in db.server.ts), set as it is made. */
  var __prismaEngine: DatabaseEngine | undefined;
}

/**
 * Whether the process's database is PostgreSQL: the reads with an engine-specific body branch on it
 * (decision 048). The engine its client was made for, so the hot reads do not parse DATABASE_URL
 * each time; without a client, DATABASE_URL's.
 */
export function onPostgres(): boolean {
  return (globalThis.__prisma ? globalThis.__prismaEngine : databaseEngine()) === "postgresql";
}

// Which database DATABASE_URL names (decision 046): `file:…` is SQLite (the embedded default),
// `postgresql://…` or `postgres://…` is PostgreSQL. Opens nothing itself.
import { databaseUrl } from "~/db/db-settings.server";

export type DatabaseEngine = "sqlite" | "postgresql";

export function engineOf(url: string): DatabaseEngine {
  if (/^postgres(ql)?:\/\//i.test(url)) return "postgresql";
  if (url.startsWith("file:")) return "sqlite";
  throw new Error(`DATABASE_URL must start with file: (SQLite) or postgresql:// (PostgreSQL), not ${url.split(":")[0]}:`);
}

/**
 * Whether a database URL a script or the server's start was given names PostgreSQL (false: SQLite;
 * throws on anything else). About that URL, not about the process's engine, which perEngine reads.
 */
export const isPostgresUrl = (url: string): boolean => engineOf(url) === "postgresql";

export function databaseEngine(url = databaseUrl()): DatabaseEngine {
  return engineOf(url);
}

declare global {
  /** The engine of the process's Prisma client (`prisma` in db.server.ts), set as it is made. */
  var __prismaEngine: DatabaseEngine | undefined;
}

/**
 * Whether the process's database is PostgreSQL, for app/db only: perEngine picks each concern's body
 * with it (decision 068). The engine its client was made for, so the hot reads do not parse
 * DATABASE_URL each time; without a client, DATABASE_URL's.
 */
export function onPostgres(): boolean {
  return (globalThis.__prisma ? globalThis.__prismaEngine : databaseEngine()) === "postgresql";
}

/**
 * The seam between the engines (decision 068): each concern that differs has one interface and an
 * implementation per engine, picked here from the process's engine the first time it is asked for.
 * Models call the interface; nothing outside app/db asks which engine runs.
 */
export function perEngine<T>(implementations: Record<DatabaseEngine, () => T>): () => T {
  const made = new Map<DatabaseEngine, T>();
  return () => {
    const engine: DatabaseEngine = onPostgres() ? "postgresql" : "sqlite";
    if (!made.has(engine)) made.set(engine, implementations[engine]());
    return made.get(engine)!;
  };
}

// Applies prisma/postgresql/migrations/*/migration.sql in order on PostgreSQL (decision 046), as
// `prisma migrate deploy` does and as server/migrate.ts does on SQLite: rows go into Prisma's own
// _prisma_migrations table, and each migration runs in one transaction (PostgreSQL's DDL is
// transactional), so a failed one leaves nothing half-applied. An advisory lock (Prisma's own key)
// lets replicas that start together migrate one at a time.
import crypto from "node:crypto";
import { POSTGRES_MIGRATIONS, appliedLine, pendingMigrations, type AppliedRow } from "~/db/migration-plan.server";
import type { Client as PgClient } from "pg";
import { postgresAdvisoryLock } from "./postgres-lock";

const TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;
const LOCK_KEY = 72707369;

export { POSTGRES_MIGRATIONS };

/** Applies the pending migrations; returns their names. Throws on a failed earlier migration, as Prisma does (P3009). */
export async function migratePostgres(
  url: string,
  dir = POSTGRES_MIGRATIONS,
  log: (line: string) => void = console.log,
): Promise<string[]> {
  const { default: pg } = await import("pg");
  const release = await postgresAdvisoryLock(url, LOCK_KEY);
  const db: PgClient = new pg.Client({ connectionString: url });
  try {
    await db.connect();
  } catch (error) {
    await release();
    throw error;
  }
  try {
    await db.query(TABLE);
    const { rows } = await db.query<AppliedRow>(`SELECT migration_name, checksum, finished_at, rolled_back_at FROM _prisma_migrations`);
    const { pending, total } = pendingMigrations(dir, rows, log);
    const applied: string[] = [];
    for (const { name, script, checksum } of pending) {
      const id = crypto.randomUUID();
      await db.query(
        `INSERT INTO _prisma_migrations (id, checksum, migration_name, started_at, applied_steps_count) VALUES ($1, $2, $3, now(), 0)`,
        [id, checksum, name],
      );
      try {
        await db.query("BEGIN");
        await db.query(script);
        await db.query(`UPDATE _prisma_migrations SET finished_at = now(), applied_steps_count = 1 WHERE id = $1`, [id]);
        await db.query("COMMIT");
      } catch (error) {
        await db.query("ROLLBACK");
        await db.query(`UPDATE _prisma_migrations SET logs = $1 WHERE id = $2`, [String(error), id]);
        throw new Error(`Migration ${name} failed: ${(error as Error).message}`);
      }
      applied.push(name);
    }
    log(appliedLine(applied, total));
    return applied;
  } finally {
    await db.end();
    await release();
  }
}

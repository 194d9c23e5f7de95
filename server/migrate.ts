// Applies prisma/migrations/*/migration.sql in order, as `prisma migrate deploy` does, without the
// Prisma CLI (the container runs this bundled; decision 002). Rows go into Prisma's own
// _prisma_migrations table in its format, so `prisma migrate status|deploy` agree afterwards.
import "./require-node"; // first: refuses an older Node before anything loads
import crypto from "node:crypto";
import { appliedLine, migrationsDirectory, pendingMigrations, type AppliedRow } from "~/db/migration-plan.server";
import Database from "better-sqlite3";
import { migratePostgres } from "./migrate-postgres";

const TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    TEXT PRIMARY KEY NOT NULL,
    "checksum"              TEXT NOT NULL,
    "finished_at"           DATETIME,
    "migration_name"        TEXT NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        DATETIME,
    "started_at"            DATETIME NOT NULL DEFAULT current_timestamp,
    "applied_steps_count"   INTEGER UNSIGNED NOT NULL DEFAULT 0
)`;

// Prisma writes its timestamps as RFC 3339 text with "+00:00".
const now = () => new Date().toISOString().replace("Z", "+00:00");

/** Applies the pending migrations; returns their names. Throws on a failed earlier migration, as Prisma does (P3009). */
export function migrate(file: string, dir = "prisma/migrations", log: (line: string) => void = console.log): string[] {
  const db = new Database(file, { timeout: 5000 });
  try {
    db.exec(TABLE);
    const rows = db.prepare(`SELECT migration_name, checksum, finished_at, rolled_back_at FROM _prisma_migrations`).all() as AppliedRow[];
    const { pending, total } = pendingMigrations(dir, rows, log);
    const applied: string[] = [];
    for (const { name, script, checksum } of pending) {
      const id = crypto.randomUUID();
      db.prepare(
        `INSERT INTO _prisma_migrations (id, checksum, migration_name, started_at, applied_steps_count) VALUES (?, ?, ?, ?, 0)`,
      ).run(id, checksum, name, now());
      try {
        db.exec(script);
      } catch (error) {
        db.prepare(`UPDATE _prisma_migrations SET logs = ? WHERE id = ?`).run(String(error), id);
        throw new Error(`Migration ${name} failed: ${(error as Error).message}`);
      }
      db.prepare(`UPDATE _prisma_migrations SET finished_at = ?, applied_steps_count = 1 WHERE id = ?`).run(now(), id);
      applied.push(name);
    }
    log(appliedLine(applied, total));
    return applied;
  } finally {
    db.close();
  }
}

const isMain = process.argv[1] && /migrate\.(ts|js)$/.test(process.argv[1]);
if (isMain) {
  const url = process.env.DATABASE_URL ?? "file:./prisma/dev.db";
  const postgres = /^postgres(ql)?:\/\//i.test(url);
  if (postgres) await migratePostgres(url, migrationsDirectory(true));
  else migrate(url.replace(/^file:/, ""), migrationsDirectory(false));
  await chainAuditLog();
}

/**
 * The migration plan's one step after the SQL (decision 075): audit rows written before the hash
 * chain are chained once, in time order. Nothing to do on every later run.
 */
async function chainAuditLog() {
  const [{ chainUnchainedEntries }, { prisma }] = await Promise.all([import("~/models/audit-chain.server"), import("~/db/db.server")]);
  try {
    const chained = await chainUnchainedEntries();
    if (chained) console.log(`Chained ${chained} audit log entries written before the hash chain.`);
  } catch (error) {
    // A MIGRATIONS_DIR without the chain's migration has no chain to fill (P2021/P2022: no such table or column).
    if (!["P2021", "P2022"].includes((error as { code?: string }).code ?? "")) throw error;
  } finally {
    await prisma.$disconnect();
  }
}

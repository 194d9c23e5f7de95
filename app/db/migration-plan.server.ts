// What both migration runners (SQLite: server/migrate.ts, PostgreSQL: server/migrate-postgres.ts) do
// before applying anything: read what _prisma_migrations says is done, refuse after a failed one (as
// Prisma does, P3009), and list the folder's migrations still to apply, in order, with their checksums.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/** PostgreSQL's own migration folder (decision 046); SQLite's is prisma/migrations. */
export const POSTGRES_MIGRATIONS = "prisma/postgresql/migrations";

/** The folder an engine's migrations are applied from, the one place it is chosen (MIGRATIONS_DIR overrides). */
export function migrationsDirectory(postgres: boolean, override = process.env.MIGRATIONS_DIR): string {
  return override ?? (postgres ? POSTGRES_MIGRATIONS : "prisma/migrations");
}

export interface AppliedRow {
  migration_name: string;
  checksum: string;
  finished_at: unknown;
  rolled_back_at: unknown;
}

export interface PendingMigration {
  name: string;
  script: string;
  checksum: string;
}

/** The migrations to apply, oldest first, and how many the folder holds. Warns of one edited after it was applied. */
export function pendingMigrations(
  dir: string,
  rows: AppliedRow[],
  log: (line: string) => void,
): { pending: PendingMigration[]; total: number } {
  const failed = rows.find((r) => r.finished_at === null && r.rolled_back_at === null);
  if (failed) throw new Error(`Migration ${failed.migration_name} failed earlier; resolve it first (npx prisma migrate resolve).`);
  const done = new Map(rows.filter((r) => r.finished_at && !r.rolled_back_at).map((r) => [r.migration_name, r.checksum]));
  const names = fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && fs.existsSync(path.join(dir, d.name, "migration.sql")))
    .map((d) => d.name)
    .sort();
  const pending: PendingMigration[] = [];
  for (const name of names) {
    const script = fs.readFileSync(path.join(dir, name, "migration.sql"));
    const checksum = crypto.createHash("sha256").update(script).digest("hex");
    if (!done.has(name)) pending.push({ name, script: script.toString("utf8"), checksum });
    else if (done.get(name) !== checksum) log(`warning: ${name} was edited after it was applied (checksum differs)`);
  }
  return { pending, total: names.length };
}

export function appliedLine(applied: string[], total: number): string {
  return applied.length ? `Applied ${applied.length} migration(s): ${applied.join(", ")}` : `No pending migrations (${total} applied).`;
}

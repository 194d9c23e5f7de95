// The PostgreSQL migration runner (decision 046) on a fresh database of its own; skipped, saying why,
// without a reachable PostgreSQL (tests/postgres.ts).
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { freshPostgresDatabase, postgresUnavailable } from "../tests/postgres";
import { POSTGRES_MIGRATIONS, migratePostgres } from "./migrate-postgres";

const unavailable = await postgresUnavailable();
const names = () =>
  fs
    .readdirSync(POSTGRES_MIGRATIONS)
    .filter((n) => fs.existsSync(path.join(POSTGRES_MIGRATIONS, n, "migration.sql")))
    .sort();

async function query<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

describe.skipIf(unavailable !== null)(`migrate on PostgreSQL${unavailable ? ` (skipped: ${unavailable})` : ""}`, () => {
  let database: { url: string; drop: () => Promise<void> };
  beforeEach(async () => {
    database = await freshPostgresDatabase({ migrated: false });
  });
  afterEach(() => database.drop());

  it("applies every migration once, in Prisma's _prisma_migrations format", async () => {
    expect(await migratePostgres(database.url, undefined, () => {})).toEqual(names());
    expect(await migratePostgres(database.url, undefined, () => {})).toEqual([]);
    const rows = await query<{ migration_name: string; checksum: string; applied_steps_count: number; finished_at: Date | null }>(
      database.url,
      "SELECT * FROM _prisma_migrations ORDER BY migration_name",
    );
    expect(rows.map((r) => r.migration_name)).toEqual(names());
    const sql = fs.readFileSync(path.join(POSTGRES_MIGRATIONS, names()[0], "migration.sql"));
    expect(rows[0].checksum).toBe(crypto.createHash("sha256").update(sql).digest("hex"));
    expect(rows.every((r) => r.applied_steps_count === 1 && r.finished_at instanceof Date)).toBe(true);
    expect(await query(database.url, `SELECT "n" FROM "DataRevision"`)).toEqual([{ n: 0 }]);
  });

  it("rolls a failed migration back whole, and refuses to go on until it is resolved", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-pg-migrations-"));
    try {
      fs.cpSync(POSTGRES_MIGRATIONS, dir, { recursive: true });
      fs.mkdirSync(path.join(dir, "29991231000000_broken"));
      fs.writeFileSync(
        path.join(dir, "29991231000000_broken", "migration.sql"),
        `CREATE TABLE "Half" ("id" INTEGER);\nSELECT no_such_function();\n`,
      );
      await expect(migratePostgres(database.url, dir, () => {})).rejects.toThrow(/29991231000000_broken failed: .*no_such_function/);
      expect(await query(database.url, `SELECT to_regclass('"Half"') AS t`)).toEqual([{ t: null }]);
      await expect(migratePostgres(database.url, dir, () => {})).rejects.toThrow(/failed earlier/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

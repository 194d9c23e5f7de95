// The database a bench or durability script runs on: a freshly seeded SQLite file (the default), or
// with `--postgres` a fresh PostgreSQL database, migrated and seeded by `npm run setup` (issue 38).
// Queries are written once, with $1-style parameters and quoted names, for both engines.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import Database from "better-sqlite3";
import pg from "pg";
import { freshPostgresDatabase, postgresUnavailable } from "../../tests/postgres";
import { seedDatabase } from "./studio-server";

export interface BenchDatabase {
  /** The server's DATABASE_URL. */
  url: string;
  /** "SQLite" or "PostgreSQL <database>", for the report. */
  label: string;
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
  /** SQLite's integrity_check ("ok"); PostgreSQL has none built in. */
  integrity(): Promise<string>;
  /** Closes this script's connection and removes the database. */
  remove(): Promise<void>;
}

export const wantsPostgres = () => process.argv.includes("--postgres");

export async function benchDatabase(name: string): Promise<BenchDatabase> {
  return wantsPostgres() ? seededPostgres() : sqlite(`${os.tmpdir()}/${name}.db`);
}

function sqlite(file: string): BenchDatabase {
  seedDatabase(file);
  let db: Database.Database | null = null;
  const open = () => (db ??= new Database(file));
  return {
    url: `file:${file}`,
    label: "SQLite",
    async query<T>(sql: string, params: unknown[] = []) {
      const statement = open().prepare(sql.replace(/\$\d+/g, "?"));
      if (statement.reader) return statement.all(...params) as T[];
      statement.run(...params);
      return [];
    },
    integrity: async () => String(open().pragma("integrity_check", { simple: true })),
    async remove() {
      db?.close();
      for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(`${file}${suffix}`, { force: true });
    },
  };
}

/** A fresh PostgreSQL database, migrated and seeded by `npm run setup`. */
export async function seededPostgres(): Promise<BenchDatabase> {
  const unavailable = await postgresUnavailable();
  if (unavailable) throw new Error(`--postgres: ${unavailable}`);
  const database = await freshPostgresDatabase({ migrated: false });
  const setup = spawnSync("npm", ["run", "-s", "setup"], { env: { ...process.env, DATABASE_URL: database.url }, encoding: "utf8" });
  if (setup.status !== 0) throw new Error(`npm run setup failed: ${setup.stderr}`);
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  pool.on("error", () => {}); // an idle connection ended by the DROP at the end
  return {
    url: database.url,
    label: `PostgreSQL ${new URL(database.url).pathname.slice(1)}`,
    query: async <T>(sql: string, params: unknown[] = []) => (await pool.query(sql, params)).rows as T[],
    integrity: async () => "not checked (PostgreSQL)",
    async remove() {
      await pool.end();
      await database.drop();
    },
  };
}

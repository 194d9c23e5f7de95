import fs from "node:fs";
import path from "node:path";
import { migrate } from "../server/migrate";
import { migratePostgres } from "../server/migrate-postgres";
import { TEST_ENGINE, templateDatabaseName } from "./engine";
import { dropRunDatabases, dropStaleRunDatabases, postgresAdmin, postgresUrlFor } from "./postgres";

export const TMP_DIR = path.resolve("tests/.tmp");
export const TEMPLATE_DB = path.join(TMP_DIR, "template.db");

/**
 * Builds one migrated, empty database that each worker copies (tests/setup-db.ts): a SQLite file, or
 * with TEST_ENGINE=postgresql a PostgreSQL template database (dropped, with the workers' copies, at
 * the end). Migrated in process by the runners production uses (server/migrate.ts and
 * server/migrate-postgres.ts), which saves the Prisma CLI's start-up.
 */
export default async function setup() {
  fs.rmSync(TMP_DIR, { recursive: true, force: true });
  fs.mkdirSync(TMP_DIR, { recursive: true });
  migrate(TEMPLATE_DB, "prisma/migrations", () => {});
  if (TEST_ENGINE !== "postgresql") return;
  const template = templateDatabaseName(process.pid);
  await dropStaleRunDatabases();
  await dropRunDatabases(process.pid);
  await postgresAdmin((c) => c.query(`CREATE DATABASE ${template}`));
  await migratePostgres(postgresUrlFor(template), undefined, () => {});
  return () => dropRunDatabases(process.pid);
}

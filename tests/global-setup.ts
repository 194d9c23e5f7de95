import fs from "node:fs";
import path from "node:path";
import { migrate } from "../server/migrate";

export const TMP_DIR = path.resolve("tests/.tmp");
export const TEMPLATE_DB = path.join(TMP_DIR, "template.db");

/**
 * Builds one migrated, empty SQLite file; each worker copies it (tests/setup-db.ts). Migrated in
 * process by the runner production uses (server/migrate.ts, the same as `prisma migrate deploy`),
 * which saves the Prisma CLI's start-up.
 */
export default function setup() {
  fs.rmSync(TMP_DIR, { recursive: true, force: true });
  fs.mkdirSync(TMP_DIR, { recursive: true });
  migrate(TEMPLATE_DB, "prisma/migrations", () => {});
}

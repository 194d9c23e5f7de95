import { execSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

export const TMP_DIR = path.resolve("tests/.tmp");
export const TEMPLATE_DB = path.join(TMP_DIR, "template.db");

/** Builds one migrated, empty SQLite file; each worker copies it (tests/setup-db.ts). */
export default function setup() {
  fs.rmSync(TMP_DIR, { recursive: true, force: true });
  fs.mkdirSync(TMP_DIR, { recursive: true });
  execSync("npx prisma migrate deploy", {
    env: { ...process.env, DATABASE_URL: `file:${TEMPLATE_DB}` },
    stdio: "pipe",
  });
}

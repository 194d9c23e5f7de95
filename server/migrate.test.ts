import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { migrate } from "./migrate";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-migrate-"));
const file = path.join(dir, "test.db");
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("migrate", () => {
  it("applies every migration once, in Prisma's _prisma_migrations format", () => {
    const names = fs
      .readdirSync("prisma/migrations")
      .filter((n) => fs.existsSync(`prisma/migrations/${n}/migration.sql`))
      .sort();
    expect(migrate(file, "prisma/migrations", () => {})).toEqual(names);
    expect(migrate(file, "prisma/migrations", () => {})).toEqual([]);

    const db = new Database(file, { readonly: true });
    const rows = db.prepare("SELECT * FROM _prisma_migrations ORDER BY migration_name").all() as Record<string, unknown>[];
    db.close();
    expect(rows.map((r) => r.migration_name)).toEqual(names);
    const first = rows[0];
    const sql = fs.readFileSync(`prisma/migrations/${names[0]}/migration.sql`);
    expect(first.checksum).toBe(crypto.createHash("sha256").update(sql).digest("hex"));
    expect(first.applied_steps_count).toBe(1);
    expect(first.finished_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00$/);
    expect(first.rolled_back_at).toBeNull();
  });
});

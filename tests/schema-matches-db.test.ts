// The schema describes the database: every table the migrations make is a model with the same
// columns, and everything else (FTS5 tables, triggers) is listed in prisma/fts5-and-triggers.md.
import { Prisma } from "@prisma/client";
import Database from "better-sqlite3";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { TEMPLATE_DB } from "./global-setup";

const LIST = fs.readFileSync(path.resolve("prisma/fts5-and-triggers.md"), "utf8");
/** Names from the list's table rows: `| name | virtual | … |` or `| name | trigger | … |`. */
const listed = (kind: "virtual" | "trigger") =>
  [...LIST.matchAll(/^\| *(\w+) *\| *(\w+) *\|/gm)]
    .filter((m) => m[2] === kind)
    .map((m) => m[1])
    .sort();
const FTS5_SHADOWS = ["data", "idx", "docsize", "config", "content"];

// How Prisma declares each scalar type in a SQLite column.
const SQLITE_TYPE: Record<string, string> = {
  String: "TEXT",
  Int: "INTEGER",
  DateTime: "DATETIME",
  Boolean: "BOOLEAN",
  Float: "REAL",
  BigInt: "BIGINT",
  Bytes: "BLOB",
  Decimal: "DECIMAL",
};

type Columns = Record<string, string[]>;

/** Plain tables and their columns ("name TYPE"), as the database has them. */
function tablesOf(db: Database.Database, virtuals: string[]): Columns {
  const skip = (name: string) =>
    name.startsWith("sqlite_") ||
    name === "_prisma_migrations" ||
    virtuals.includes(name) ||
    virtuals.some((v) => FTS5_SHADOWS.some((s) => name === `${v}_${s}`));
  const names = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[]).filter((n) => !skip(n));
  return Object.fromEntries(
    names.sort().map((name) => {
      const info = db.prepare(`PRAGMA table_info("${name}")`).all() as { name: string; type: string }[];
      return [name, info.map((c) => `${c.name} ${c.type}`).sort()];
    }),
  );
}

/** Models and their scalar fields, as schema.prisma declares them. */
function modelsOf(): Columns {
  return Object.fromEntries(
    [...Prisma.dmmf.datamodel.models]
      .map(
        (m) =>
          [
            m.dbName ?? m.name,
            m.fields
              .filter((f) => f.kind === "scalar")
              .map((f) => `${f.dbName ?? f.name} ${SQLITE_TYPE[f.type] ?? f.type}`)
              .sort(),
          ] as const,
      )
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

describe("schema.prisma describes the migrated database", () => {
  const db = new Database(TEMPLATE_DB, { readonly: true });
  const virtuals = listed("virtual");

  it("has a model, with the same columns, for every plain table", () => {
    expect(tablesOf(db, virtuals)).toEqual(modelsOf());
  });

  it("has exactly the listed FTS5 tables and triggers", () => {
    const virtualInDb = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%' ORDER BY name")
      .pluck()
      .all();
    expect(virtualInDb).toEqual(virtuals);
    // The content version's triggers (three per table, decision 026) are checked by tests/data-revision.test.ts.
    const triggers = db.prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' ORDER BY name").pluck().all() as string[];
    expect(triggers.filter((name) => !/_revision_(insert|update|delete)$/.test(name))).toEqual(listed("trigger"));
    expect(listed("trigger")).toHaveLength(35);
  });

  it("notices a table made only in SQL", () => {
    const copy = path.join(path.dirname(TEMPLATE_DB), `sql-only-${process.pid}.db`);
    fs.copyFileSync(TEMPLATE_DB, copy);
    const other = new Database(copy);
    try {
      other.exec(`CREATE TABLE "SqlOnly" ("id" INTEGER PRIMARY KEY)`);
      expect(tablesOf(other, virtuals)).not.toEqual(modelsOf());
      expect(Object.keys(tablesOf(other, virtuals))).toContain("SqlOnly");
    } finally {
      other.close();
      fs.rmSync(copy, { force: true });
    }
  });
});

import crypto from "node:crypto";
import fs from "node:fs";
import Database from "better-sqlite3";
import { prisma } from "~/db/db.server";
import { TEST_ENGINE } from "./engine";
import { appTables } from "./postgres-seed-snapshot";

/**
 * Tables whose rows change on any request by design: session touch and the sign-in throttle's failures;
 * DataRevision counts every write, the touch too (the other tables show what a write changed).
 */
const VOLATILE_TABLES = new Set(["Session", "LoginFailure", "DataRevision", "_prisma_migrations"]);
/** Columns touched by merely being signed in (once a minute): User.lastSeenAt, and its updatedAt with it (Prisma's @updatedAt). */
const VOLATILE_COLUMNS: Record<string, Set<string>> = { User: new Set(["lastSeenAt", "updatedAt"]) };

const file = () => (process.env.DATABASE_URL ?? "").replace(/^file:/, "");

/** What changes with any write: the content version (every table's triggers move it) and the files' times and sizes. */
function writeMark(db: Database.Database): string {
  const n = (db.prepare(`SELECT "n" FROM "DataRevision" WHERE "id" = 1`).get() as { n: number } | undefined)?.n;
  const stamp = (f: string) => (fs.existsSync(f) ? `${fs.statSync(f).mtimeMs}:${fs.statSync(f).size}` : "-");
  return `${file()}|${n}|${stamp(file())}|${stamp(`${file()}-wal`)}`;
}

let cached: { mark: string; digest: Record<string, string> } | null = null;

/**
 * One digest per table of everything stored (minus the volatile parts): equal digests, nothing stored.
 * On SQLite it is read again only after a write (writeMark): the fuzzing suites ask before and after
 * every request.
 */
export async function databaseDigest(): Promise<Record<string, string>> {
  if (TEST_ENGINE === "postgresql") return postgresDigests();
  const db = new Database(file(), { readonly: true });
  try {
    const mark = writeMark(db);
    if (cached?.mark === mark) return { ...cached.digest };
    cached = { mark, digest: tableDigests(db) };
    return { ...cached.digest };
  } finally {
    db.close();
  }
}

/**
 * The same digest on PostgreSQL, in one query: per table its row count and the sum of a 64-bit hash
 * of each row's text (order-free, so no sort), the volatile columns left out of the row first.
 */
async function postgresDigests(): Promise<Record<string, string>> {
  const names = (await appTables(prisma)).map((t) => t.name).filter((name) => !VOLATILE_TABLES.has(name));
  const rowText = (name: string) =>
    VOLATILE_COLUMNS[name] ? `(to_jsonb(t)${[...VOLATILE_COLUMNS[name]].map((c) => ` - '${c}'`).join("")})::text` : "t::text";
  const parts = names.map(
    (name) =>
      `SELECT '${name}' AS name, count(*)::int AS rows, coalesce(sum(hashtextextended(${rowText(name)}, 0)::numeric), 0)::text AS hash FROM "${name}" t`,
  );
  const rows = await prisma.$queryRawUnsafe<{ name: string; rows: number; hash: string }[]>(parts.join(" UNION ALL "));
  return Object.fromEntries(rows.map((r) => [r.name, `${r.rows}:${r.hash}`]));
}

function tableDigests(db: Database.Database): Record<string, string> {
  const all = db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as {
    name: string;
    sql: string;
  }[];
  // Full-text indexes (virtual tables and their shadow tables) are derived from the rows by triggers.
  const virtual = all.filter((t) => /^CREATE VIRTUAL/i.test(t.sql)).map((t) => t.name);
  const tables = all.map((t) => t.name).filter((n) => !virtual.some((v) => n === v || n.startsWith(`${v}_`)));
  const out: Record<string, string> = {};
  for (const name of tables.filter((t) => !VOLATILE_TABLES.has(t))) {
    // Ordered by every column: some tables (the analytics rollups) are WITHOUT ROWID.
    const columns = (db.prepare(`PRAGMA table_info("${name}")`).all() as unknown[]).map((_, i) => i + 1);
    const rows = db.prepare(`SELECT * FROM "${name}" ORDER BY ${columns.join(", ")}`).all() as Record<string, unknown>[];
    const hash = crypto.createHash("sha1");
    for (const row of rows) {
      for (const [k, v] of Object.entries(row))
        if (!VOLATILE_COLUMNS[name]?.has(k)) hash.update(`${k}=${Buffer.isBuffer(v) ? v.toString("hex") : String(v)}\u0001`);
      hash.update("\u0002");
    }
    out[name] = `${rows.length}:${hash.digest("hex").slice(0, 12)}`;
  }
  return out;
}

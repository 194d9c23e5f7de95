// Prepared better-sqlite3 statements for reads that run on every page (decision 011). Prisma stores a
// DateTime as ISO text with "+00:00"; these helpers write and read that same form.
import type { Statement } from "better-sqlite3";
import { readDb } from "~/db.server";

const prepared = new Map<string, Statement>();

/** The statement for this SQL on the read connection, prepared once per connection. */
export function hotStatement(sql: string): Statement {
  const db = readDb();
  const key = `${db.name}\u0000${sql}`;
  let statement = prepared.get(key);
  if (!statement || statement.database !== db) {
    statement = db.prepare(sql);
    prepared.set(key, statement);
  }
  return statement;
}

/** A Date as Prisma stores it in SQLite, so text comparisons order correctly. */
export function toDbDate(date: Date): string {
  return date.toISOString().replace("Z", "+00:00");
}

export function fromDbDate(value: string): Date;
export function fromDbDate(value: string | null): Date | null;
export function fromDbDate(value: string | number | null): Date | null {
  if (value === null) return null;
  if (typeof value === "number") return new Date(value);
  // Text without a zone (SQLite's own CURRENT_TIMESTAMP form) is UTC.
  return new Date(/[zZ]|[+-]\d\d:\d\d$/.test(value) ? value : `${value.replace(" ", "T")}Z`);
}

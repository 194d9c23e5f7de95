// Prepared better-sqlite3 statements on the read connection, for SQLite's hot reads (decisions 011, 068). Their rows are
// parsed with zod schemas and dates with the one codec, both in app/db/db-row.server.ts (decision 017).
import type { Prisma } from "@prisma/client";
import type { Database, Statement } from "better-sqlite3";
import { readDb } from "~/db/read-db.server";

// Keyed by the SQL literal itself: its hash is computed once, where a key built per call is hashed anew.
const prepared = new Map<string, Statement>();
let preparedOn: Database | null = null;

/** The statement for this SQL on the read connection, prepared once per connection. */
export function hotStatement(sql: string): Statement {
  const db = readDb();
  if (preparedOn !== db) {
    prepared.clear();
    preparedOn = db;
  }
  let statement = prepared.get(sql);
  if (!statement) {
    statement = db.prepare(sql);
    prepared.set(sql, statement);
  }
  return statement;
}

/**
 * Rows of a composed query (Prisma.sql, whose `sql` has ? placeholders) on the read connection, for
 * reads whose SQL varies with the request (the library's filters): prepared each time, which costs
 * microseconds, where the same query through Prisma costs about a millisecond.
 */
export function readRows(query: Prisma.Sql): unknown[] {
  return readDb()
    .prepare(query.sql)
    .all(...(query.values as unknown[]));
}

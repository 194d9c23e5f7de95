// Prepared better-sqlite3 statements for reads that run on every page (decision 011). Their rows are
// parsed with zod schemas and dates with the one codec, both in app/db-row.server.ts (decision 017).
import type { Statement } from "better-sqlite3";
import { readDb } from "~/read-db.server";

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

// The date codec lives with the row schemas (app/db-row.server.ts); re-exported for existing imports.
export { fromDbDate, toDbDate } from "~/db-row.server";

// Prints the SQL for the content-version triggers (decision 026) that a database's tables lack, for a
// new migration: tsx scripts/revision-triggers.ts path/to/migrated.db >> prisma/migrations/<new>/migration.sql
// A table made later needs them too (tests/data-revision.test.ts fails until it has them).
import "../server/require-node"; // first: refuses an older Node before anything loads
import Database from "better-sqlite3";
import { revisionTriggersSql, tablesWithoutRevisionTriggers } from "~/models/data-revision.server";

const file = process.argv[2];
if (!file) throw new Error("usage: tsx scripts/revision-triggers.ts <database file>");
const db = new Database(file, { readonly: true, fileMustExist: true });
const missing = tablesWithoutRevisionTriggers(db);
if (missing.length > 0) console.log(`-- The content version's triggers (decision 026)\n${missing.map(revisionTriggersSql).join("\n")}`);
db.close();

// npm run db:backup [-- <file>]     consistent online copy of DATABASE_URL's database
//                                   (SQLite: backups/studio-<time>.db; PostgreSQL: pg_dump, backups/studio-<time>.pgdump)
// npm run db:restore -- <file>      puts a backup back (SQLite: into DATABASE_URL's file, checked with
//                                   integrity_check; PostgreSQL: into an empty database, with pg_restore)
import "../server/require-node"; // first: refuses an older Node before anything loads
import { isPostgresUrl } from "~/db/engine.server";
import { backupDatabase, databaseFile, restoreDatabase } from "./backup-lib";
import { backupPostgres, restorePostgres } from "./backup-postgres";

const [command, file] = process.argv.slice(2);
const url = process.env.DATABASE_URL ?? "file:./prisma/dev.db";
const postgres = isPostgresUrl(url);
const stamp = new Date().toISOString().replace(/[:.]/g, "-");

try {
  if (command === "backup") {
    const target = file ?? `backups/studio-${stamp}.${postgres ? "pgdump" : "db"}`;
    const { bytes } = postgres ? await backupPostgres(url, target) : await backupDatabase(databaseFile(url), target);
    console.log(
      `Backed up ${postgres ? "the PostgreSQL database" : databaseFile(url)} to ${target} (${bytes} bytes, ${postgres ? "readable by pg_restore" : "integrity ok"}).`,
    );
  } else if (command === "restore" && file) {
    const { bytes } = postgres ? await restorePostgres(file, url) : await restoreDatabase(file, databaseFile(url));
    console.log(
      `Restored ${file} into ${postgres ? "the PostgreSQL database" : databaseFile(url)} (${bytes} bytes${postgres ? "" : ", integrity ok"}).`,
    );
  } else {
    console.error("Usage: tsx scripts/backup.ts backup [file] | restore <file>");
    process.exit(2);
  }
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

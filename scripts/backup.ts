// npm run db:backup [-- <file>]     consistent online copy of DATABASE_URL's file (default backups/studio-<time>.db)
// npm run db:restore -- <file>      puts a backup back into DATABASE_URL's file (checks both with integrity_check)
import { backupDatabase, databaseFile, restoreDatabase } from "./backup-lib";

const [command, file] = process.argv.slice(2);
const live = databaseFile();

if (command === "backup") {
  const target = file ?? `backups/studio-${new Date().toISOString().replace(/[:.]/g, "-")}.db`;
  const { bytes } = await backupDatabase(live, target);
  console.log(`Backed up ${live} to ${target} (${bytes} bytes, integrity ok).`);
} else if (command === "restore" && file) {
  const { bytes } = await restoreDatabase(file, live);
  console.log(`Restored ${file} into ${live} (${bytes} bytes, integrity ok).`);
} else {
  console.error("Usage: tsx scripts/backup.ts backup [file] | restore <file>");
  process.exit(2);
}

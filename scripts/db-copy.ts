// npm run db:copy -- --to postgresql://… [--from file:…]
// Copies a SQLite studio (DATABASE_URL's, or --from) into an empty PostgreSQL database: every table,
// revisions and live-document state included, and the upload files. Checks the row count and a
// checksum of every table on both sides; refuses a target that already holds a studio.
import "../server/require-node"; // first: refuses an older Node before anything loads
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { databaseUrl, dataDirectory } from "~/db/db-settings.server";
import { copyDatabase } from "./db-copy-lib";

const { values } = parseArgs({ options: { to: { type: "string" }, from: { type: "string" } } });
if (!values.to) {
  console.error("Usage: npm run db:copy -- --to postgresql://user@host:5432/studio [--from file:./prisma/dev.db]");
  process.exit(2);
}
const from = values.from ?? databaseUrl();
const uploadDir = process.env.UPLOAD_DIR ? path.resolve(process.env.UPLOAD_DIR) : path.join(dataDirectory(from), "uploads");
const keyFile = path.join(dataDirectory(from), "studio-secret.key");

try {
  const report = await copyDatabase({ from, to: values.to, uploadDir, log: (line) => console.log(line) });
  const wrong = report.tables.filter((t) => !t.matches);
  for (const t of report.tables)
    console.log(`${t.matches ? "ok  " : "DIFF"} ${t.table.padEnd(28)} ${String(t.rows).padStart(8)} rows  ${t.checksum}`);
  console.log(`Uploads: ${report.uploads.copied} copied into the database.`);
  if (report.uploads.missing.length)
    console.log(
      `${report.uploads.missing.length} uploads had no file on this machine already (listed rows point to nothing): ${report.uploads.missing.join(", ")}`,
    );
  if (wrong.length) {
    console.error(`${wrong.length} tables differ after the copy: ${wrong.map((t) => t.table).join(", ")}`);
    process.exit(1);
  }
  console.log(`Copied ${report.tables.length} tables; every count and checksum matches.`);
  if (!process.env.STUDIO_SECRET_KEY && fs.existsSync(keyFile))
    console.log(
      `Network tokens and app secrets are sealed with ${keyFile}: copy it into the new studio's data folder (STUDIO_DATA_DIR), or both studios set the same STUDIO_SECRET_KEY.`,
    );
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

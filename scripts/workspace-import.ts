// npm run workspace:import -- <archive.tar> [--into-empty]   imports a workspace archive (decision 079)
// into DATABASE_URL as a new workspace: every checksum in its manifest.json is checked first; an id or
// name this studio already has, or a member whose account here differs, stops it before anything is
// written. --into-empty: a workspace with the archive's id that holds no rows (a new studio's "first")
// is replaced. Exit 0 on success (prints what was imported), 1 when refused, 2 on wrong usage.
import "../server/require-node"; // first: refuses an older Node before anything loads
import fs from "node:fs";
import { prisma } from "~/db/db.server";
import { importWorkspaceArchive, readArchive } from "~/models/workspace-archive.server";

const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith("--"));

try {
  if (!file || !fs.existsSync(file)) {
    console.error("Usage: npm run workspace:import -- <archive.tar> [--into-empty] (the file from Settings › Export this workspace)");
    process.exitCode = 2;
  } else {
    const result = await importWorkspaceArchive(await readArchive(fs.createReadStream(file)), {
      intoEmpty: args.includes("--into-empty"),
    });
    if (!result.ok) {
      console.error(result.error);
      process.exitCode = 1;
    } else {
      console.log(
        `Imported “${result.name}” (id ${result.workspaceId}): ${result.rows} rows, ${result.files} upload files, ${result.users} accounts new to this studio (no password comes with an archive).`,
      );
    }
  }
} finally {
  await prisma.$disconnect();
}

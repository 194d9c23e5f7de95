// The runtime guard: imported first by every entry that opens a database (scripts/*.ts, server/index.ts,
// server/migrate.ts, prisma/seed*.ts, and build/*.js through scripts/build-server.mjs). On a Node older
// than package.json's engines it exits 1 with one line before anything else loads: better-sqlite3 13
// on the machine's own Node 20 segfaulted db-copy after it had migrated the target.
import fs from "node:fs";

const DEFAULT_ENGINES = ">=24";

/** Why `found` (e.g. "20.20.2") cannot run what `engines` (">=24", ">=24.1.0") asks for; null when it can. */
export function nodeVersionProblem(found: string, engines: string): string | null {
  const wanted = /^>=\s*v?(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(engines.trim());
  if (!wanted) return null; // a range this guard does not read: npm's own engine check applies
  const have = found.replace(/^v/, "").split(".").map(Number);
  const need = wanted.slice(1).map((part) => Number(part ?? 0));
  for (let i = 0; i < 3; i++) {
    if ((have[i] ?? 0) !== need[i]) {
      if ((have[i] ?? 0) > need[i]) return null;
      return `The studio needs Node ${engines.trim()} (package.json engines); this is Node ${found.replace(/^v/, "")}.`;
    }
  }
  return null;
}

function enginesNode(): string {
  try {
    const pkg = JSON.parse(fs.readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { engines?: { node?: string } };
    return pkg.engines?.node ?? DEFAULT_ENGINES;
  } catch {
    return DEFAULT_ENGINES; // build/require-node.js beside a package.json that is not the studio's
  }
}

const problem = nodeVersionProblem(process.versions.node, enginesNode());
if (problem) {
  console.error(`${problem} Nothing was done: run it through npm run or npx, which use the studio's Node (${process.execPath} is older).`);
  process.exit(1);
}

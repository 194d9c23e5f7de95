// npm run durability:ingest: SIGKILL the built server in the middle of a burst of tracker events,
// restart it on the same file, and check that every event that got a 202 is stored (decision 021).
// Env: KILL_PORT (3539), BURST (6000 events), LANES (40 concurrent senders).
import Database from "better-sqlite3";
import os from "node:os";
import { startServer } from "./lib/studio-server";

const PORT = Number(process.env.KILL_PORT ?? 3539);
const BURST = Number(process.env.BURST ?? 6000);
const LANES = Number(process.env.LANES ?? 40);
const SITE = "https://bench.example";
const AGENT = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36";
const dbFile = `${os.tmpdir()}/studio-kill-ingest-${PORT}.db`;
process.env.TRACK_RATE_LIMIT = "0";

const server = await startServer({ port: PORT, dbFile });
const setup = new Database(dbFile);
setup
  .prepare(`INSERT INTO "TrackedSite" ("id", "origin", "createdById", "createdAt") VALUES ('bench', ?, 'bench', ?)`)
  .run(SITE, new Date().toISOString());
const item = (setup.prepare(`SELECT "id" FROM "ContentItem" WHERE "status" = 'published' LIMIT 1`).get() as { id: string }).id;
const viewsBefore = (
  setup.prepare(`SELECT COALESCE(SUM("views"), 0) AS n FROM "ContentMetric" WHERE "contentId" = ?`).get(item) as { n: number }
).n;
setup.close();

const acknowledged: string[] = [];
let sent = 0;
let refused = 0;
let killedAt = -1;
const lane = async () => {
  while (sent < BURST) {
    const pv = `kill-${(sent++).toString(36).padStart(8, "0")}`;
    try {
      const res = await fetch(`${server.url}/api/event`, {
        method: "POST",
        headers: { Origin: SITE, "User-Agent": AGENT, "Content-Type": "text/plain" },
        body: JSON.stringify({ k: "v", u: `${SITE}/p`, c: item, p: pv }),
      });
      if (res.status === 202) acknowledged.push(pv);
      else refused++;
    } catch {
      /* the server died under this request: not acknowledged */
    }
    if (killedAt < 0 && acknowledged.length >= BURST / 3) {
      killedAt = acknowledged.length;
      server.process.kill("SIGKILL");
    }
  }
};
await Promise.all(Array.from({ length: LANES }, lane));
await server.stop();

const restarted = await startServer({ port: PORT, dbFile, seed: false });
const db = new Database(dbFile, { readonly: true });
const has = db.prepare(`SELECT 1 FROM "TrackPageview" WHERE "id" = ?`);
const missing = acknowledged.filter((pv) => !has.get(pv));
const viewsAfter = (
  db.prepare(`SELECT COALESCE(SUM("views"), 0) AS n FROM "ContentMetric" WHERE "contentId" = ?`).get(item) as { n: number }
).n;
const rows = (db.prepare(`SELECT count(*) AS n FROM "TrackEvent"`).get() as { n: number }).n;
db.close();
await restarted.stop();

console.log(`Kill test: ${BURST} events over ${LANES} lanes, SIGKILL after ${killedAt} acknowledgements`);
console.log(`  acknowledged (202): ${acknowledged.length}, refused: ${refused}, stored raw events after restart: ${rows}`);
console.log(`  acknowledged but missing after restart: ${missing.length}`);
console.log(
  `  the item's views grew by ${viewsAfter - viewsBefore} (≥ ${acknowledged.length} expected: a commit may land before its 202 is sent)`,
);
const ok = missing.length === 0 && viewsAfter - viewsBefore >= acknowledged.length;
console.log(ok ? "PASS: every 202'd event is counted after the restart." : "FAIL");
process.exit(ok ? 0 : 1);

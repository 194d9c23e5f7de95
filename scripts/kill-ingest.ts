// npm run durability:ingest: SIGKILL the built server in the middle of a burst of tracker events,
// restart it on the same database, and check that every event that got a 202 is stored (decision 021).
// `-- --postgres` runs it on a fresh PostgreSQL database (issue 38). Env: KILL_PORT (3539), BURST (6000
// events), LANES (40 concurrent senders).
import "../server/require-node"; // first: refuses an older Node before anything loads
import { benchDatabase } from "./lib/bench-database";
import { startServer } from "./lib/studio-server";

const PORT = Number(process.env.KILL_PORT ?? 3539);
const BURST = Number(process.env.BURST ?? 6000);
const LANES = Number(process.env.LANES ?? 40);
const SITE = "https://bench.example";
const AGENT = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36";
process.env.TRACK_RATE_LIMIT = "0";

const database = await benchDatabase(`studio-kill-ingest-${PORT}`);
const server = await startServer({ port: PORT, databaseUrl: database.url });
await database.query(`INSERT INTO "TrackedSite" ("id", "origin", "createdById", "createdAt") VALUES ('bench', $1, 'bench', $2)`, [
  SITE,
  new Date().toISOString(),
]);
const [{ id: item }] = await database.query<{ id: string }>(`SELECT "id" FROM "ContentItem" WHERE "status" = 'published' LIMIT 1`);
const viewsOf = async () =>
  Number(
    (
      await database.query<{ n: number | string }>(`SELECT COALESCE(SUM("views"), 0) AS n FROM "ContentMetric" WHERE "contentId" = $1`, [
        item,
      ])
    )[0].n,
  );
const viewsBefore = await viewsOf();

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

const restarted = await startServer({ port: PORT, databaseUrl: database.url });
const stored = new Set(
  (await database.query<{ id: string }>(`SELECT "id" FROM "TrackPageview" WHERE "id" LIKE 'kill-%'`)).map((r) => r.id),
);
const missing = acknowledged.filter((pv) => !stored.has(pv));
const viewsAfter = await viewsOf();
const rows = Number((await database.query<{ n: number | string }>(`SELECT count(*) AS n FROM "TrackEvent"`))[0].n);
await restarted.stop();
await database.remove();

console.log(`Kill test on ${database.label}: ${BURST} events over ${LANES} lanes, SIGKILL after ${killedAt} acknowledgements`);
console.log(`  acknowledged (202): ${acknowledged.length}, refused: ${refused}, stored raw events after restart: ${rows}`);
console.log(`  acknowledged but missing after restart: ${missing.length}`);
console.log(
  `  the item's views grew by ${viewsAfter - viewsBefore} (≥ ${acknowledged.length} expected: a commit may land before its 202 is sent)`,
);
const ok = missing.length === 0 && viewsAfter - viewsBefore >= acknowledged.length;
console.log(ok ? "PASS: every 202'd event is counted after the restart." : "FAIL");
process.exit(ok ? 0 : 1);

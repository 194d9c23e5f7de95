// npm run bench:ingest: the tracker's collection endpoint at 2,000 events/s for 60 s against one
// built server on a freshly seeded database (decision 021). Each autocannon connection is one reader:
// a page view, then heartbeats of growing engaged time. Meanwhile (and before, idle) two connections
// load the Analytics screen rendered (no-cache: past the page cache). Prints events/s, the 202's
// p50/p95/p99, errors, the server's CPU and RSS, the screen's rendered p95 under load against idle,
// and whether every 202'd event was stored. The server also reports its own share of each 202 (BENCH_ROUTES).
// First the endpoint alone (SOLO_SECONDS), then with the screen beside it: a render holds the event
// loop for tens of milliseconds, and every event that arrives meanwhile waits for it.
// Env: INGEST_PORT (3540), RATE (2000 events/s), SECONDS (60), SOLO_SECONDS (20), CONNECTIONS (100).
import autocannon from "autocannon";
import Database from "better-sqlite3";
import fs from "node:fs";
import os from "node:os";
import { percentile } from "./lib/stats";
import { signIn, startServer } from "./lib/studio-server";

const PORT = Number(process.env.INGEST_PORT ?? 3540);
const RATE = Number(process.env.RATE ?? 2000);
const SECONDS = Number(process.env.SECONDS ?? 60);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 100);
const SOLO_SECONDS = Number(process.env.SOLO_SECONDS ?? 20);
const SITE = "https://bench.example";
const AGENT = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36";
const dbFile = `${os.tmpdir()}/studio-ingest-${PORT}.db`;

process.env.TRACK_RATE_LIMIT = "0"; // one address sends everything here; the per-address limit is for the real world

const server = await startServer({ port: PORT, dbFile });
const db = new Database(dbFile);
db.prepare(`INSERT INTO "TrackedSite" ("id", "origin", "createdById", "createdAt") VALUES ('bench', ?, 'bench', ?)`).run(
  SITE,
  new Date().toISOString(),
);
const items = (db.prepare(`SELECT "id" FROM "ContentItem" WHERE "status" = 'published'`).all() as { id: string }[]).map((r) => r.id);
const cookie = await signIn(server.url);

const clockTicks = () => {
  const fields = fs.readFileSync(`/proc/${server.process.pid}/stat`, "utf8").split(") ")[1].split(" ");
  return Number(fields[11]) + Number(fields[12]); // utime + stime, in 1/100 s
};

/** Rendered Analytics screen: two connections, every request past the page cache. */
function screen(seconds: number) {
  const latencies: number[] = [];
  const instance = autocannon({
    url: `${server.url}/analytics`,
    connections: 2,
    duration: seconds,
    headers: { Cookie: cookie, Accept: "text/html", "Cache-Control": "no-cache" },
  });
  instance.on("response", (_client: unknown, _status: number, _bytes: number, ms: number) => latencies.push(ms));
  return new Promise<{ p50: number; p95: number; n: number; non2xx: number }>((resolve) =>
    instance.on("done", (r: { non2xx: number }) => {
      const sorted = latencies.sort((a, b) => a - b);
      resolve({ p50: percentile(sorted, 50), p95: percentile(sorted, 95), n: sorted.length, non2xx: r.non2xx });
    }),
  );
}

let reader = 0;
/** One reader per connection: a view, then heartbeats every "15 s" of reading. */
function ingest(seconds = SECONDS) {
  const latencies: number[] = [];
  let accepted = 0;
  const instance = autocannon({
    url: `${server.url}/api/event`,
    connections: CONNECTIONS,
    overallRate: RATE,
    duration: seconds,
    headers: { Origin: SITE, "User-Agent": AGENT, "Content-Type": "text/plain;charset=UTF-8" },
    requests: [
      {
        method: "POST",
        setupRequest(req: { body?: string }, context: { pv?: string; beats?: number }) {
          if (!context.pv || (context.beats ?? 0) >= 4) {
            context.pv = `bench-${process.pid}-${(reader++).toString(36).padStart(6, "0")}`;
            context.beats = 0;
            const item = items[reader % items.length];
            return {
              ...req,
              body: JSON.stringify({
                k: "v",
                u: `${SITE}/blog/${reader}?utm_source=bench`,
                r: "https://news.example/",
                c: item,
                p: context.pv,
              }),
            };
          }
          context.beats = (context.beats ?? 0) + 1;
          return { ...req, body: JSON.stringify({ k: "e", p: context.pv, s: context.beats * 15 }) };
        },
      },
    ],
  });
  instance.on("response", (_client: unknown, status: number, _bytes: number, ms: number) => {
    latencies.push(ms);
    if (status === 202) accepted++;
  });
  return new Promise<{ latencies: number[]; accepted: number; errors: number; timeouts: number; non2xx: number; total: number }>(
    (resolve) =>
      instance.on("done", (r: { errors: number; timeouts: number; non2xx: number; requests: { total: number } }) =>
        resolve({
          latencies: latencies.sort((a, b) => a - b),
          accepted,
          errors: r.errors,
          timeouts: r.timeouts,
          non2xx: r.non2xx,
          total: r.requests.total,
        }),
      ),
  );
}

console.log(
  `Ingestion bench: ${RATE} events/s for ${SECONDS} s, ${CONNECTIONS} connections, Node ${process.version}, ${os.cpus().length} CPUs`,
);
const idle = await screen(15);
console.log(`Analytics screen rendered, idle: p50 ${idle.p50.toFixed(1)} ms, p95 ${idle.p95.toFixed(1)} ms (${idle.n} renders)`);

/** The server's own time for each event since the last call (arrival to answer), ascending. */
async function serverTimes(): Promise<number[]> {
  const res = await fetch(`${server.url}/bench/ingest-timings`);
  return ((await res.json()) as number[]).sort((a, b) => a - b);
}

/** One phase's figures. */
async function report(label: string, load: Awaited<ReturnType<typeof ingest>>, elapsed: number, cpuTicks: number, rss: number) {
  const l = load.latencies;
  const own = await serverTimes();
  console.log(`\n${label}: ${load.total} sent, ${load.accepted} accepted (202) = ${(load.accepted / elapsed).toFixed(0)} events/s`);
  console.log(`  errors ${load.errors}, timeouts ${load.timeouts}, non-2xx ${load.non2xx}`);
  console.log(
    `  202 latency: p50 ${percentile(l, 50).toFixed(1)} ms, p95 ${percentile(l, 95).toFixed(1)} ms, p99 ${percentile(l, 99).toFixed(1)} ms, max ${l.at(-1)?.toFixed(1)} ms`,
  );
  console.log(
    `  in the server (arrival to answer, without the load generator's wait): p50 ${percentile(own, 50).toFixed(1)} ms, p95 ${percentile(own, 95).toFixed(1)} ms, p99 ${percentile(own, 99).toFixed(1)} ms`,
  );
  console.log(`  server CPU ${(cpuTicks / elapsed).toFixed(0)}% of one core, RSS max ${rss.toFixed(0)} MB`);
}

let soloRss = 0;
const soloTimer = setInterval(() => (soloRss = Math.max(soloRss, server.rssMB())), 1000);
const soloCpu = clockTicks();
const soloStart = Date.now();
const solo = await ingest(SOLO_SECONDS);
const soloElapsed = (Date.now() - soloStart) / 1000;
clearInterval(soloTimer);
await report(`Endpoint alone, ${SOLO_SECONDS} s`, solo, soloElapsed, clockTicks() - soloCpu, soloRss);

let rssMax = 0;
const rssTimer = setInterval(() => (rssMax = Math.max(rssMax, server.rssMB())), 1000);
const cpuStart = clockTicks();
const started = Date.now();
const [load, busy] = await Promise.all([ingest(), screen(SECONDS)]);
const elapsed = (Date.now() - started) / 1000;
const cpuPercent = (clockTicks() - cpuStart) / elapsed; // ticks are 1/100 s: per second, that is percent of one core
clearInterval(rssTimer);

const stored = db.prepare(`SELECT count(*) AS n FROM "TrackEvent"`).get() as { n: number };
await report(`With the screen rendered beside it, ${SECONDS} s`, load, elapsed, cpuPercent * elapsed, rssMax);
const acknowledged = solo.accepted + load.accepted;
// Requests still in flight when autocannon stops are committed but their 202 is not counted: stored ≥ acknowledged.
console.log(
  `\nStored raw events: ${stored.n} for ${acknowledged} acknowledged (every 202'd event stored: ${stored.n >= acknowledged ? "yes" : "NO"})`,
);
console.log(
  `Analytics screen rendered under load: p50 ${busy.p50.toFixed(1)} ms, p95 ${busy.p95.toFixed(1)} ms (${busy.n} renders) = ${(busy.p95 / idle.p95).toFixed(2)}× idle p95`,
);
console.log(
  `Load average ${os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(" ")}`,
);
db.close();
await server.stop();
for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(`${dbFile}${suffix}`, { force: true });

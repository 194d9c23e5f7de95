// npm run bench:ingest: the tracker's collection endpoint at 2,000 events/s against the built server on
// a freshly seeded database, sent at a steady rate (scripts/lib/paced-load.ts, decision 027): 400
// readers at once, each a page view, then heartbeats of growing engaged time. Two phases:
//   1. the endpoint alone (SOLO_SECONDS);
//   2. for SECONDS, with the Analytics screen rendered beside it at SCREEN_RATE renders/s (a busy team;
//      past the page cache), its p95 compared with the same pace idle.
// Judges the figures that stand (decision 036): the rate sustained with 0 errors, the screen's p95
// beside the load at most twice its idle p95, every 202'd page view stored. The 202's latency is printed
// for information only: the tracker sends with sendBeacon/keepalive, so no visitor waits for it.
// `-- --postgres` runs it on a fresh PostgreSQL database (issue 38). Env: INGEST_PORT (3540), RATE
// (2000), SECONDS (60), SOLO_SECONDS (20), SCREEN_RATE (4), CONNECTIONS (100), WARMUP (2: each phase's
// first seconds, sent but not timed).
import "../server/require-node"; // first: refuses an older Node before anything loads
import os from "node:os";
import { benchDatabase } from "./lib/bench-database";
import { pacedLoad } from "./lib/paced-load";
import { percentile } from "./lib/stats";
import { signIn, startServer } from "./lib/studio-server";

const PORT = Number(process.env.INGEST_PORT ?? 3540);
const RATE = Number(process.env.RATE ?? 2000);
const SECONDS = Number(process.env.SECONDS ?? 60);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 100);
const SOLO_SECONDS = Number(process.env.SOLO_SECONDS ?? 20);
const SCREEN_RATE = Number(process.env.SCREEN_RATE ?? 4);
const WARMUP = Number(process.env.WARMUP ?? 2);
const SITE = "https://bench.example";
const AGENT = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36";
process.env.TRACK_RATE_LIMIT = "0"; // one address sends everything here; the per-address limit is for the real world

const database = await benchDatabase(`studio-ingest-${PORT}`);
const server = await startServer({ port: PORT, databaseUrl: database.url });
await database.query(`INSERT INTO "TrackedSite" ("id", "origin", "createdById", "createdAt") VALUES ('bench', $1, 'bench', $2)`, [
  SITE,
  new Date().toISOString(),
]);
const items = (await database.query<{ id: string }>(`SELECT "id" FROM "ContentItem" WHERE "status" = 'published'`)).map((r) => r.id);
const cookie = await signIn(server.url);

const clockTicks = () => server.cpuMs() / 10; // in 1/100 s

const SCREEN = { url: `${server.url}/analytics`, headers: { Cookie: cookie, Accept: "text/html", "Cache-Control": "no-cache" } };

/**
 * The Analytics screen as a busy team uses it: SCREEN_RATE renders a second, each past the page cache,
 * timed from when it was due (decision 027).
 */
async function screen(seconds: number) {
  const r = await pacedLoad({ ...SCREEN, rate: SCREEN_RATE, seconds, connections: 4 });
  return summary(r);
}

function summary(r: { latencies: number[]; errors: number }) {
  const l = r.latencies;
  return { p50: percentile(l, 50), p95: percentile(l, 95), n: l.length, errors: r.errors };
}

/** Readers at once: request i is reader (i mod READERS)'s view or heartbeat, so one reader's requests are 200 ms apart. */
const READERS = 400;
const BEATS = 4;
let run = 0;
/** Page views answered 202, across phases: each must be a stored view (heartbeats may rightly add nothing). */
let viewsAcknowledged = 0;
const isView = (i: number) => Math.floor(i / READERS) % (BEATS + 1) === 0;

/** Each reader sends a page view, then heartbeats of growing engaged time ("15 s" apart), then a new reader takes over. */
async function ingest(seconds = SECONDS) {
  const phase = run++;
  const result = await pacedLoad({
    url: `${server.url}/api/event`,
    rate: RATE,
    seconds,
    warmupSeconds: WARMUP,
    connections: CONNECTIONS,
    headers: { Origin: SITE, "User-Agent": AGENT, "Content-Type": "text/plain;charset=UTF-8" },
    body(i) {
      const slot = i % READERS;
      const round = Math.floor(i / READERS);
      const beat = round % (BEATS + 1);
      const pv = `bench-${process.pid}-${phase}-${slot}-${Math.floor(round / (BEATS + 1))}`;
      if (beat > 0) return JSON.stringify({ k: "e", p: pv, s: beat * 15 });
      return JSON.stringify({
        k: "v",
        u: `${SITE}/blog/${slot}?utm_source=bench`,
        r: "https://news.example/",
        c: items[i % items.length],
        p: pv,
      });
    },
    onAnswer(i, status) {
      if (status === 202 && isView(i)) viewsAcknowledged++;
    },
  });
  const accepted = result.statuses.get(202) ?? 0;
  return {
    latencies: result.latencies,
    accepted,
    errors: result.errors,
    non2xx: [...result.statuses].reduce((n, [status, count]) => n + (status === 202 ? 0 : count), 0),
    total: result.sent,
  };
}

/** One phase's figures. */
/** Sustained: at least 98 % of the asked rate accepted, and not one error or refusal. */
const sustained = (load: Awaited<ReturnType<typeof ingest>>, elapsed: number) =>
  load.accepted / elapsed >= RATE * 0.98 && load.errors === 0 && load.non2xx === 0;
const verdict = (ok: boolean) => (ok ? "ok" : "MISSES TARGET");

function report(label: string, load: Awaited<ReturnType<typeof ingest>>, elapsed: number, cpuTicks: number, rss: number) {
  const l = load.latencies;
  const rate = load.accepted / elapsed;
  console.log(`\n${label}: ${load.total} sent, ${load.accepted} accepted (202) = ${rate.toFixed(0)} events/s`);
  console.log(`  errors ${load.errors}, non-2xx ${load.non2xx}: ${verdict(sustained(load, elapsed))} (${RATE}/s with 0 errors)`);
  console.log(
    `  for information, the 202 past the first ${WARMUP} s: p50 ${percentile(l, 50).toFixed(1)} ms, p95 ${percentile(l, 95).toFixed(1)} ms, p99 ${percentile(l, 99).toFixed(1)} ms`,
  );
  console.log(
    `  server CPU ${(cpuTicks / elapsed).toFixed(0)}% of one core (${((cpuTicks * 10) / load.total).toFixed(3)} ms per event, renders included), RSS max ${rss.toFixed(0)} MB`,
  );
}

const screenLine = (label: string, r: ReturnType<typeof summary>) =>
  `${label}: p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms (${r.n} renders, ${r.errors} errors)`;

/** One phase: the events for `seconds`, with the screen beside them (paced, flat out) or not. */
async function phase(label: string, seconds: number, beside?: () => Promise<ReturnType<typeof summary>>) {
  let rss = 0;
  const timer = setInterval(() => (rss = Math.max(rss, server.rssMB())), 1000);
  const cpu = clockTicks();
  const started = Date.now();
  const [load, screenFigures] = await Promise.all([ingest(seconds), beside?.()]);
  const elapsed = (Date.now() - started) / 1000;
  clearInterval(timer);
  report(label, load, elapsed, clockTicks() - cpu, rss);
  return { load, elapsed, screen: screenFigures };
}

console.log(
  `Ingestion bench on ${database.label}: ${RATE} events/s for ${SECONDS} s, ${CONNECTIONS} connections, Node ${process.version}, ${os.cpus().length} CPUs`,
);
const idle = await screen(15);
console.log(screenLine(`Analytics screen at ${SCREEN_RATE} renders/s, idle`, idle));

const solo = await phase(`Endpoint alone, ${SOLO_SECONDS} s`, SOLO_SECONDS);
const withScreen = await phase(`With the screen at ${SCREEN_RATE} renders/s beside it, ${SECONDS} s`, SECONDS, () => screen(SECONDS));
const busy = withScreen.screen!;
const ratio = busy.p95 / idle.p95;
console.log(
  `  ${screenLine("Analytics screen meanwhile", busy)} = ${ratio.toFixed(2)}× idle p95: ${verdict(ratio <= 2 && busy.errors === 0)} (≤ 2×)`,
);

const [counted] = await database.query<{ n: number | string; views: number | string }>(
  `SELECT count(*) AS n, count(*) FILTER (WHERE "kind" = 'view') AS views FROM "TrackEvent"`,
);
const stored = { n: Number(counted.n), views: Number(counted.views) };
const acknowledged = solo.load.accepted + withScreen.load.accepted;
const allStored = stored.views >= viewsAcknowledged;
console.log(
  `\nStored raw events: ${stored.n} for ${acknowledged} acknowledged; page views ${stored.views} stored for ${viewsAcknowledged} acknowledged: ${verdict(allStored)} (every 202'd view stored)`,
);
const passed =
  sustained(solo.load, solo.elapsed) && sustained(withScreen.load, withScreen.elapsed) && ratio <= 2 && busy.errors === 0 && allStored;
console.log(
  `Load average ${os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(" ")}`,
);
await server.stop();
await database.remove();
process.exit(passed ? 0 : 1);

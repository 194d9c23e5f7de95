// npm run bench: autocannon against the built server (production mode, signed in as the demo Admin),
// 32 connections, each of the six screens and a bare Remix route returning a constant (/bench/bare),
// in one run. Prints req/s, p50/p95/p99 latency, each screen's ratio to the bare route, the targets,
// and the server's memory at the end. Each screen is measured twice: as served (repeat views come from
// the page cache, decision 012) and rendered on every request (Cache-Control: no-cache skips the cache).
// Env: BENCH_PORT (4151), BENCH_SECONDS (10), BENCH_CONNECTIONS (32).
import "../server/require-node"; // first: refuses an older Node before anything loads
import autocannon from "autocannon";
import os from "node:os";
import { NAV } from "../app/components/shell/nav";
import { percentile } from "./lib/stats";
import { signIn, startServer } from "./lib/studio-server";

const PORT = Number(process.env.BENCH_PORT ?? 4151);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const TARGETS = { ratio: 0.5, p95: 50, memoryMB: 200 };

async function measure(url: string, cookie: string, seconds: number, rendered = false) {
  const latencies: number[] = [];
  const headers: Record<string, string> = { cookie, accept: "text/html", ...(rendered ? { "cache-control": "no-cache" } : {}) };
  const instance = autocannon({ url, connections: CONNECTIONS, duration: seconds, headers });
  instance.on("response", (_client: unknown, _status: number, _bytes: number, ms: number) => latencies.push(ms));
  const result = await instance;
  latencies.sort((a, b) => a - b);
  const errors = result.errors + result.timeouts + result.non2xx;
  return {
    rps: result.requests.total / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors,
    total: result.requests.total,
  };
}

const server = await startServer({ port: PORT, dbFile: `/tmp/studio-bench-${PORT}.db` });
try {
  const cookie = await signIn(server.url);
  const routes = [
    { label: "bare route", path: "/bench/bare", rendered: false },
    ...NAV.flatMap((n) => [
      { label: n.label, path: n.to, rendered: false },
      { label: "  rendered", path: n.to, rendered: true },
    ]),
  ];
  console.log(
    `Bench: ${CONNECTIONS} connections, ${SECONDS} s per route, Node ${process.version}, ${os.cpus().length} CPUs, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
  const rows = [];
  for (const route of routes) {
    await measure(`${server.url}${route.path}`, cookie, 2, route.rendered); // warm up
    rows.push({ ...route, ...(await measure(`${server.url}${route.path}`, cookie, SECONDS, route.rendered)) });
  }
  const bare = rows[0].rps;
  const f = (n: number, d = 1) => n.toFixed(d);
  console.log(
    `\n${"route".padEnd(16)} ${"path".padEnd(12)} ${"req/s".padStart(8)} ${"p50 ms".padStart(7)} ${"p95 ms".padStart(7)} ${"p99 ms".padStart(7)} ${"ratio".padStart(6)} ${"errors".padStart(6)}  verdict`,
  );
  for (const r of rows) {
    const ratio = r.rps / bare;
    const ok = r.errors === 0 && r.p95 <= TARGETS.p95 && (r === rows[0] || ratio >= TARGETS.ratio);
    console.log(
      `${r.label.padEnd(16)} ${r.path.padEnd(12)} ${f(r.rps).padStart(8)} ${f(r.p50).padStart(7)} ${f(r.p95).padStart(7)} ${f(r.p99).padStart(7)} ${f(ratio, 2).padStart(6)} ${String(r.errors).padStart(6)}  ${ok ? "ok" : "MISSES TARGET"}`,
    );
  }
  // The one server process (decision 036): its resident memory at the end, against issue 8's target.
  const rss = server.rssMB();
  console.log(
    `\nServer RSS after the run: ${f(rss)} MB (target ≤ ${TARGETS.memoryMB} MB) ${rss <= TARGETS.memoryMB ? "ok" : "MISSES TARGET"}`,
  );
  console.log(`Targets: ratio ≥ ${TARGETS.ratio} of the bare route, p95 ≤ ${TARGETS.p95} ms, 0 errors.`);
  console.log(
    `"rendered" rows send Cache-Control: no-cache, so every request runs the loaders and renders: a first view, or one after any change.`,
  );
} finally {
  await server.stop();
}

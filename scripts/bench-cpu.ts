// npm run bench:cpu: server CPU time per request for each screen (user + system time of the server
// process from /proc, divided by the requests it answered). Unlike req/s this hardly moves with other
// load on a shared machine, so it compares two builds fairly. Every request renders: it sends
// Cache-Control: no-cache, which skips the page cache (decision 012).
// Env: BENCH_PORT (4152), BENCH_SECONDS (5), BENCH_CONNECTIONS (8).
import "../server/require-node"; // first: refuses an older Node before anything loads
import autocannon from "autocannon";
import os from "node:os";
import { NAV } from "../app/components/shell/nav";
import { signIn, startServer } from "./lib/studio-server";

const PORT = Number(process.env.BENCH_PORT ?? 4152);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const server = await startServer({ port: PORT, dbFile: `/tmp/studio-bench-cpu-${PORT}.db` });
try {
  const cookie = await signIn(server.url);
  console.log(
    `CPU per request: ${CONNECTIONS} connections, ${SECONDS} s per route, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
  console.log(`${"path".padEnd(12)} ${"requests".padStart(9)} ${"CPU ms/req".padStart(11)}`);
  for (const path of ["/bench/bare", ...NAV.map((n) => n.to)]) {
    const run = () =>
      autocannon({
        url: `${server.url}${path}`,
        connections: CONNECTIONS,
        duration: SECONDS,
        headers: { cookie, accept: "text/html", "cache-control": "no-cache" },
      });
    await run(); // warm up
    const before = server.cpuMs();
    const result = await run();
    const ms = (server.cpuMs() - before) / result.requests.total;
    console.log(
      `${path.padEnd(12)} ${String(result.requests.total).padStart(9)} ${ms.toFixed(2).padStart(11)}${result.non2xx + result.errors ? `  (${result.non2xx + result.errors} errors)` : ""}`,
    );
  }
  console.log(`Server memory after the run: ${server.rssMB().toFixed(1)} MB RSS`);
} finally {
  await server.stop();
}

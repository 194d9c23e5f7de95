// npx tsx scripts/bench-ingest-control.ts: what this machine and the load generator allow, without the
// studio. The ingestion bench's load (scripts/lib/paced-load.ts, same rate, connections and bodies' size)
// against a bare node:http server in its own process that reads each body and answers 202 at once.
// If this control's p99 is over issue 17's 20 ms, the studio's figure cannot be shown on this machine.
// Env: RATE (2000), SECONDS (20), WARMUP (2: seconds not counted, as in bench:ingest), CONNECTIONS (100), PORT (3541).
import { fork } from "node:child_process";
import http from "node:http";
import os from "node:os";
import { pacedLoad } from "./lib/paced-load";
import { treeCpuMs } from "./lib/process-tree";
import { percentile } from "./lib/stats";

const RATE = Number(process.env.RATE ?? 2000);
const SECONDS = Number(process.env.SECONDS ?? 20);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 100);
const PORT = Number(process.env.PORT ?? 3541);
const WARMUP = Number(process.env.WARMUP ?? 2);

if (process.argv[2] === "serve") {
  http
    .createServer((req, res) => {
      req.on("data", () => {});
      req.on("end", () => res.writeHead(202).end());
    })
    .listen(PORT, () => process.send?.("ready"));
} else {
  const child = fork(new URL(import.meta.url).pathname, ["serve"], { execArgv: ["--import", "tsx"] });
  await new Promise((resolve) => child.once("message", resolve));
  const cpuBefore = process.cpuUsage();
  const serverCpuBefore = treeCpuMs(child.pid!);
  const body = JSON.stringify({
    k: "v",
    u: "https://bench.example/blog/1?utm_source=bench",
    r: "https://news.example/",
    p: "x".repeat(24),
  });
  const started = Date.now();
  const r = await pacedLoad({
    url: `http://localhost:${PORT}/api/event`,
    rate: RATE,
    seconds: SECONDS,
    warmupSeconds: WARMUP,
    connections: CONNECTIONS,
    headers: { "Content-Type": "text/plain" },
    body: () => body,
  });
  const elapsed = (Date.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const serverCpuMs = treeCpuMs(child.pid!) - serverCpuBefore;
  child.kill();
  const l = r.latencies;
  console.log(
    `Control: a bare node:http server answering 202, ${RATE} requests/s for ${SECONDS} s, ${CONNECTIONS} connections, ${os.cpus().length} CPUs`,
  );
  console.log(`  ${r.statuses.get(202) ?? 0} answered 202 = ${((r.statuses.get(202) ?? 0) / elapsed).toFixed(0)}/s, errors ${r.errors}`);
  console.log(
    `  latency from when due, past the first ${WARMUP} s: p50 ${percentile(l, 50).toFixed(1)} ms, p95 ${percentile(l, 95).toFixed(1)} ms, p99 ${percentile(l, 99).toFixed(1)} ms`,
  );
  console.log(`  server CPU ${(serverCpuMs / r.sent).toFixed(3)} ms per request (${(serverCpuMs / elapsed / 10).toFixed(0)}% of one core)`);
  console.log(
    `  load generator CPU ${((cpu.user + cpu.system) / 1000 / elapsed / 10).toFixed(0)}% of one core; load average ${os
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(" ")}`,
  );
}

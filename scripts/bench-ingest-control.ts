// npx tsx scripts/bench-ingest-control.ts: what this machine and the load generator allow, without the
// studio. The ingestion bench's load (scripts/lib/paced-load.ts, same rate, connections and bodies' size)
// against a bare node:http server in its own process that reads each body and answers 202 at once.
// If this control's p99 is over issue 17's 20 ms, the studio's figure cannot be shown on this machine.
// Env: RATE (2000), SECONDS (20), WARMUP (2: seconds not counted, as in bench:ingest), CONNECTIONS (100), PORT (3541),
// BESIDE (0: the share of one core another process keeps busy meanwhile, 0–1, to see how this machine's tail
// grows when the server's CPU is taken by something else; decision 032).
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
const BESIDE = Number(process.env.BESIDE ?? 0);

/** Keeps `share` of one core busy, in 10 ms slices, until killed. */
function burn(share: number) {
  const slice = () => {
    const end = performance.now() + 10 * share;
    while (performance.now() < end);
    setTimeout(slice, 10 * (1 - share));
  };
  slice();
}

if (process.argv[2] === "burn") burn(BESIDE);
else if (process.argv[2] === "serve") {
  http
    .createServer((req, res) => {
      req.on("data", () => {});
      req.on("end", () => res.writeHead(202).end());
    })
    .listen(PORT, () => process.send?.("ready"));
} else {
  const child = fork(new URL(import.meta.url).pathname, ["serve"], { execArgv: ["--import", "tsx"] });
  await new Promise((resolve) => child.once("message", resolve));
  const burner = BESIDE > 0 ? fork(new URL(import.meta.url).pathname, ["burn"], { execArgv: ["--import", "tsx"] }) : null;
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
  burner?.kill();
  const l = r.latencies;
  console.log(
    `Control: a bare node:http server answering 202, ${RATE} requests/s for ${SECONDS} s, ${CONNECTIONS} connections, ${os.cpus().length} CPUs${BESIDE > 0 ? `, another process busy ${Math.round(BESIDE * 100)}% of a core beside it` : ""}`,
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

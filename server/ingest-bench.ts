// BENCH_ROUTES=on (scripts/bench-ingest.ts): the server's own share of each tracker event's answer and
// its event loop's delay, read at GET /bench/ingest-timings (milliseconds; both start again on each read).
// Mounted where the tracker's endpoints are answered: the front process (decision 028), or the app under `remix dev`.
import express from "express";
import { monitorEventLoopDelay } from "node:perf_hooks";

export function ingestBench(): { timed: (ms: number) => void; router: express.Router } | null {
  if (process.env.BENCH_ROUTES !== "on") return null;
  const timings: number[] = [];
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  const router = express.Router();
  router.get("/bench/ingest-timings", (_req, res) => {
    const held = { p99: loop.percentile(99) / 1e6, max: loop.max / 1e6 };
    loop.reset();
    res.json({ timings: timings.splice(0), held });
  });
  return { timed: (ms) => void (timings.length < 1_000_000 && timings.push(ms)), router };
}

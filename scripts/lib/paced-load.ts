// An open-loop load at a steady rate: request i is due at start + i/rate, sent then whatever the answers
// before it did, and its latency counts from when it was due (so a slow server cannot slow the load down
// and hide its own queue: no coordinated omission). autocannon's `overallRate` is a per-second budget
// that each connection spends back to back at the top of every second, a burst of `connections`
// concurrent requests rather than a rate; this is the rate (decision 027).
import { Pool } from "undici";

export interface PacedLoadOptions {
  url: string;
  /** Requests per second, spread evenly (one every 1000/rate ms, sent on the next 1 ms timer tick). */
  rate: number;
  seconds: number;
  /** Most sockets open at once; requests past them wait in the agent's queue (and that wait counts). */
  connections: number;
  headers: Record<string, string>;
  /** GET when absent; else a POST with the body of request i. */
  body?(i: number): string;
  /** Called with each answer (status 0: the request failed). */
  onAnswer?(i: number, status: number): void;
  /**
   * The first seconds are sent at the rate but their latencies are not kept: the load generator's own
   * start (opening its sockets, compiling its code) delays them, a bare server's too (bench-ingest-control).
   */
  warmupSeconds?: number;
}

export interface PacedLoadResult {
  /** Due-to-answered latency of every answered request past the warm-up, ascending, in ms. */
  latencies: number[];
  statuses: Map<number, number>;
  errors: number;
  sent: number;
}

export function pacedLoad(o: PacedLoadOptions): Promise<PacedLoadResult> {
  const target = new URL(o.url);
  const pool = new Pool(target.origin, { connections: o.connections, pipelining: 1 });
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  let errors = 0;
  let sent = 0;
  let open = 0;
  const total = Math.round(o.rate * o.seconds);
  const warmup = Math.round(o.rate * (o.warmupSeconds ?? 0));
  const start = performance.now();

  return new Promise((resolve) => {
    const finish = () => {
      if (sent < total || open > 0) return;
      void pool.close().then(() => resolve({ latencies: latencies.sort((a, b) => a - b), statuses, errors, sent }));
    };
    const send = (i: number) => {
      const due = start + (i * 1000) / o.rate;
      open++;
      pool
        .request({ path: target.pathname, headers: o.headers, ...(o.body ? { method: "POST", body: o.body(i) } : { method: "GET" }) })
        .then(async (res) => {
          await res.body.dump();
          if (i >= warmup) latencies.push(performance.now() - due);
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          o.onAnswer?.(i, res.statusCode);
        })
        .catch(() => {
          errors++;
          o.onAnswer?.(i, 0);
        })
        .finally(() => {
          open--;
          finish();
        });
    };
    const tick = () => {
      const due = Math.min(total, Math.floor(((performance.now() - start) * o.rate) / 1000) + 1);
      while (sent < due) send(sent++);
      if (sent < total) setTimeout(tick, 1);
      else finish();
    };
    tick();
  });
}

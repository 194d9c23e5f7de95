// npm run load: 64 connections for 60 s of mixed reads and writes against one SQLite file — autosaves
// (each writer owns one draft), comments, settings saves and screen reads — then counts every
// acknowledged write back from the database. Pass: 0 errors and 0 lost writes.
// Env: LOAD_PORT (4153), LOAD_SECONDS (60), LOAD_CONNECTIONS (64).
import Database from "better-sqlite3";
import os from "node:os";
import { NAV } from "../app/components/shell/nav";
import { StudioClient } from "./lib/studio-client";
import { percentile } from "./lib/stats";
import { signIn, startServer } from "./lib/studio-server";

const PORT = Number(process.env.LOAD_PORT ?? 4153);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 64);
const RUN = `load-${Date.now().toString(36)}`;

const server = await startServer({ port: PORT, dbFile: `/tmp/studio-load-${PORT}.db` });
const counts = { reads: 0, autosaves: 0, comments: 0, settings: 0, errors: 0 };
const errors: string[] = [];
const latencies: number[] = [];
try {
  const client = new StudioClient(server.url, await signIn(server.url));
  const writers = Math.ceil(CONNECTIONS / 2);
  const items = await Promise.all(Array.from({ length: writers }, (_, i) => client.createItem(`${RUN} draft ${i}`)));
  const lastSaved = new Map<string, string>();
  const commented: string[] = [];
  const thresholds = new Set<number>();
  const deadline = Date.now() + SECONDS * 1000;
  const fail = (what: string) => {
    counts.errors++;
    if (errors.length < 10) errors.push(what);
  };
  const timed = async <T>(fn: () => Promise<T>) => {
    const t = performance.now();
    const out = await fn();
    latencies.push(performance.now() - t);
    return out;
  };

  async function worker(n: number) {
    let version = 1;
    let step = 0;
    while (Date.now() < deadline) {
      step++;
      try {
        if (step % 3 === 0) {
          const path = NAV[(n + step) % NAV.length].to;
          const res = await timed(() => client.get(path));
          await res.arrayBuffer();
          if (res.status === 200) counts.reads++;
          else fail(`GET ${path} → ${res.status}`);
        } else if (n < writers) {
          const id = items[n];
          const body = `${RUN} item ${n} save ${step}: ${"lorem ipsum ".repeat(20)}`;
          const { status, reply } = await timed(() => client.save(id, version, body));
          if (status === 200 && reply?.ok) {
            version = reply.version!;
            lastSaved.set(id, body);
            counts.autosaves++;
          } else fail(`save ${id} v${version} → ${status}`);
        } else if (n % 4 === 0) {
          const threshold = 50 + ((n * 7 + step) % 51);
          const res = await timed(() =>
            client.post("/settings", {
              intent: "save",
              section: "agents",
              generationThreshold: String(threshold),
              creativityLevel: "Balanced",
              autoPublish: "on",
            }),
          );
          await res.arrayBuffer();
          if (res.status === 200) {
            thresholds.add(threshold);
            counts.settings++;
          } else fail(`settings → ${res.status}`);
        } else {
          const text = `${RUN} comment ${n}-${step}`;
          const status = await timed(() => client.comment(items[n % writers], text));
          if (status === 200) {
            commented.push(text);
            counts.comments++;
          } else fail(`comment → ${status}`);
        }
      } catch (error) {
        fail(`network: ${(error as Error).message}`);
      }
    }
  }

  console.log(
    `Load: ${CONNECTIONS} connections for ${SECONDS} s on ${server.dbFile} (${os.cpus().length} CPUs, load average ${os.loadavg()[0].toFixed(2)})`,
  );
  await Promise.all(Array.from({ length: CONNECTIONS }, (_, n) => worker(n)));
  const rss = server.rssMB();
  await server.stop();

  // Count the acknowledged writes back.
  const db = new Database(server.dbFile, { readonly: true });
  let lost = 0;
  for (const [id, body] of lastSaved) {
    const row = db.prepare('SELECT body FROM "ContentItem" WHERE id = ?').get(id) as { body: string } | undefined;
    if (row?.body !== body) lost++;
  }
  const storedComments = new Set(db.prepare('SELECT body FROM "Comment" WHERE body LIKE ?').pluck().all(`${RUN} comment %`) as string[]);
  const missingComments = commented.filter((c) => !storedComments.has(c)).length;
  const finalThreshold = db.prepare('SELECT generationThreshold FROM "Settings" WHERE id = 1').pluck().get() as number;
  const settingsLost = counts.settings > 0 && !thresholds.has(Number(finalThreshold)) ? 1 : 0;
  db.close();

  latencies.sort((a, b) => a - b);
  const total = counts.reads + counts.autosaves + counts.comments + counts.settings;
  console.log(
    `Requests answered: ${total} (${(total / SECONDS).toFixed(1)}/s): ${counts.reads} reads, ${counts.autosaves} autosaves, ${counts.comments} comments, ${counts.settings} settings saves`,
  );
  console.log(
    `Latency: p50 ${percentile(latencies, 50).toFixed(1)} ms, p95 ${percentile(latencies, 95).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms`,
  );
  console.log(`Errors: ${counts.errors}${errors.length ? ` (first: ${errors.join("; ")})` : ""}`);
  console.log(
    `Lost writes: ${lost} autosaves (of ${lastSaved.size} drafts checked), ${missingComments} comments (of ${commented.length}), ${settingsLost} settings`,
  );
  console.log(`Server memory at the end: ${rss.toFixed(1)} MB RSS`);
  const ok = counts.errors === 0 && lost + missingComments + settingsLost === 0;
  console.log(ok ? "PASS: 0 errors, 0 lost writes" : "FAIL");
  process.exitCode = ok ? 0 : 1;
} finally {
  await server.stop();
}

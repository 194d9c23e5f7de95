// npm run load: 64 connections for 60 s of mixed reads and writes against one SQLite file — autosaves
// (each writer owns one draft), comments, settings saves and screen reads — then counts every
// acknowledged write back from the database. Pass: 0 errors and 0 lost writes.
//
// npm run load -- --replicas (issue 38): the same load through a round-robin TCP proxy on LOAD_PORT to
// two replicas (LOAD_PORT+1, LOAD_PORT+2) sharing a fresh PostgreSQL database and Redis
// (TEST_POSTGRES_URL, TEST_REDIS_URL; the build machines' 127.0.0.1 defaults). Halfway through, the
// second replica is SIGKILLed; the proxy sends new connections to the survivor. Requests in flight to
// the killed one fail (never acknowledged): they are the errors after the kill. Prints requests, errors
// and latency before and after the kill, then counts every acknowledged write back from PostgreSQL.
// Pass: 0 errors before the kill, 0 lost acknowledged writes and 0 stored writes answered 5xx. Exits 1,
// saying what is missing, without PostgreSQL or Redis.
//
// npm run load -- --cut-connections: the same two replicas, none killed; instead every studio connection
// to PostgreSQL is cut (pg_terminate_backend) at a third and at two thirds of the run, as a failover or
// an operator would. Pass: 0 lost acknowledged writes and 0 stored writes answered 5xx.
//
// Env: LOAD_PORT (4153), LOAD_SECONDS (60), LOAD_CONNECTIONS (64).
import "../server/require-node"; // first: refuses an older Node before anything loads
import type net from "node:net";
import os from "node:os";
import Database from "better-sqlite3";
import { postgresUnavailable } from "../tests/postgres";
import { REDIS_URL, redisUnavailable } from "../tests/redis";
import { seededPostgres } from "./lib/bench-database";
import { LoadMix, type StoredWrites } from "./lib/load-mix";
import { treeRssMB } from "./lib/process-tree";
import { roundRobin, startReplica, type Replica } from "./lib/replicas";
import { StudioClient } from "./lib/studio-client";
import { signIn, startServer } from "./lib/studio-server";

const PORT = Number(process.env.LOAD_PORT ?? 4153);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 64);
const RUN = `load-${Date.now().toString(36)}`;
const ms = (n: number) => `${n.toFixed(1)} ms`;
const machine = () => `${os.cpus().length} CPUs, load average ${os.loadavg()[0].toFixed(2)}`;

if (process.argv.includes("--cut-connections")) await replicasLoad("cut");
else if (process.argv.includes("--replicas")) await replicasLoad("kill");
else await singleServerLoad();

async function singleServerLoad() {
  const server = await startServer({ port: PORT, dbFile: `/tmp/studio-load-${PORT}.db` });
  try {
    const mix = await LoadMix.create(new StudioClient(server.url, await signIn(server.url)), RUN, CONNECTIONS);
    console.log(`Load: ${CONNECTIONS} connections for ${SECONDS} s on ${server.dbFile} (${machine()})`);
    await mix.runAll(CONNECTIONS, Date.now() + SECONDS * 1000);
    const rss = server.rssMB();
    await server.stop();

    // Count the acknowledged writes back.
    const db = new Database(server.dbFile, { readonly: true });
    const stored: StoredWrites = {
      bodyOf: async (id) => (db.prepare('SELECT body FROM "ContentItem" WHERE id = ?').get(id) as { body: string } | undefined)?.body,
      commentsLike: async (pattern) => db.prepare('SELECT body FROM "Comment" WHERE body LIKE ?').pluck().all(pattern) as string[],
      threshold: async () =>
        db.prepare(`SELECT generationThreshold FROM "Settings" WHERE workspaceId = 'first'`).pluck().get() as number | undefined,
    };
    const { lost, storedAnswered5xx, line } = await mix.check(stored);
    db.close();

    const all = mix.window();
    console.log(mix.answeredLine(SECONDS));
    console.log(`Latency: p50 ${ms(all.p50)}, p95 ${ms(all.p95)}, p99 ${ms(all.p99)}`);
    const first = all.failed.slice(0, 10).map((o) => o.what);
    console.log(`Errors: ${all.errors}${first.length ? ` (first: ${first.join("; ")})` : ""}`);
    console.log(line);
    console.log(`Server memory at the end: ${rss.toFixed(1)} MB RSS`);
    const ok = all.errors === 0 && lost === 0 && storedAnswered5xx === 0;
    console.log(ok ? "PASS: 0 errors, 0 lost writes" : "FAIL");
    process.exitCode = ok ? 0 : 1;
  } finally {
    await server.stop();
  }
}

async function replicasLoad(fault: "kill" | "cut") {
  // Both are required here: say which is missing in one line rather than skipping.
  process.env.REQUIRE_POSTGRES = process.env.REQUIRE_REDIS = "1";
  try {
    await postgresUnavailable();
    await redisUnavailable();
  } catch (error) {
    console.log(`npm run load -- --replicas needs PostgreSQL and Redis: ${(error as Error).message.replace(/^REQUIRE_\w+=1: /, "")}`);
    process.exit(1);
  }
  delete process.env.REQUIRE_POSTGRES;
  delete process.env.REQUIRE_REDIS;

  const database = await seededPostgres();
  const replicas: Replica[] = [];
  let proxy: net.Server | null = null;
  try {
    const ports = [PORT + 1, PORT + 2];
    for (const port of ports) replicas.push(await startReplica(port, database.url, REDIS_URL));
    proxy = await roundRobin(PORT, ports);
    const url = `http://127.0.0.1:${PORT}`;
    const mix = await LoadMix.create(new StudioClient(url, await signIn(url)), RUN, CONNECTIONS);

    const [survivor, victim] = replicas;
    console.log(
      `Load: ${CONNECTIONS} connections for ${SECONDS} s through a round-robin proxy on :${PORT} to replicas :${ports.join(" and :")} (${database.label}, Redis ${new URL(REDIS_URL).host}; ${machine()})`,
    );
    const started = Date.now();
    let killedAt = 0;
    const cuts: { at: number; cut: number }[] = [];
    const cutAll = async () => {
      const at = Date.now();
      const rows = await database.query<{ cut: boolean }>(
        "SELECT pg_terminate_backend(pid) AS cut FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()",
      );
      cuts.push({ at, cut: rows.filter((r) => r.cut).length });
    };
    const timers =
      fault === "kill"
        ? [
            setTimeout(() => {
              killedAt = Date.now();
              victim.child.kill("SIGKILL");
            }, SECONDS * 500),
          ]
        : [setTimeout(cutAll, (SECONDS * 1000) / 3), setTimeout(cutAll, (SECONDS * 2000) / 3)];
    const sampling = sampleConnections(database, started + SECONDS * 1000);
    await mix.runAll(CONNECTIONS, started + SECONDS * 1000);
    timers.forEach(clearTimeout);
    console.log(connectionsLine(await sampling));
    if (fault === "cut") killedAt = cuts[0]?.at ?? 0;
    const rss = treeRssMB(survivor.child.pid!);
    await survivor.stop();

    // Count the acknowledged writes back from PostgreSQL (Prisma's quoted camelCase names, as on SQLite).
    const stored: StoredWrites = {
      bodyOf: async (id) => (await database.query<{ body: string }>('SELECT body FROM "ContentItem" WHERE id = $1', [id]))[0]?.body,
      commentsLike: async (pattern) =>
        (await database.query<{ body: string }>('SELECT body FROM "Comment" WHERE body LIKE $1', [pattern])).map((r) => r.body),
      threshold: async () =>
        (await database.query<{ t: number }>(`SELECT "generationThreshold" AS t FROM "Settings" WHERE "workspaceId" = 'first'`))[0]?.t,
    };
    const { lost, storedAnswered5xx, line } = await mix.check(stored);

    const at = (t: number) => `${((t - started) / 1000).toFixed(1)} s`;
    const what = fault === "kill" ? "the kill" : "the first cut";
    if (fault === "kill")
      console.log(killedAt ? `Killed replica :${victim.port} (SIGKILL) at ${at(killedAt)}` : "The run ended before the kill");
    for (const c of cuts) console.log(`Cut ${c.cut} PostgreSQL connections (pg_terminate_backend) at ${at(c.at)}`);
    const before = mix.window(0, killedAt || Infinity);
    const after = killedAt ? mix.window(killedAt) : null;
    for (const [name, w] of [[`Before ${what}`, before] as const, ...(after ? [[`After ${what}`, after] as const] : [])]) {
      console.log(`${name}: ${w.requests} requests, ${w.errors} errors, p50 ${ms(w.p50)}, p95 ${ms(w.p95)}, p99 ${ms(w.p99)}`);
    }
    for (const o of before.failed.slice(0, 5)) console.log(`  before ${what}, at ${at(o.end)}: ${o.what}`);
    if (after?.errors) {
      const last = after.failed[after.failed.length - 1].end;
      console.log(`Errors after ${what}: ${after.errors}, the last ${((last - killedAt) / 1000).toFixed(2)} s after it. First:`);
      for (const o of after.failed.slice(0, 5)) console.log(`  +${((o.end - killedAt) / 1000).toFixed(2)} s ${o.what}`);
    }
    console.log(mix.answeredLine(SECONDS));
    console.log(`Saves whose answer was lost but which a later 409 showed committed: ${mix.counts.savesFoundStored}`);
    console.log(line);
    console.log(`Surviving replica's memory at the end: ${rss.toFixed(1)} MB RSS`);
    const ok = (fault === "cut" || before.errors === 0) && lost === 0 && storedAnswered5xx === 0;
    const errors = fault === "kill" ? "0 errors before the kill, " : "";
    console.log(
      ok ? `PASS: ${errors}0 lost acknowledged writes, 0 stored writes answered 5xx (${after?.errors ?? 0} errors after ${what})` : "FAIL",
    );
    process.exitCode = ok ? 0 : 1;
  } finally {
    proxy?.close();
    await Promise.all(replicas.map((r) => r.stop()));
    await database.remove();
  }
}

type ConnectionStates = Record<string, number>;

/** How the studio's PostgreSQL connections spend the run: pg_stat_activity by state, every 250 ms. */
async function sampleConnections(database: { query<T>(sql: string): Promise<T[]> }, until: number) {
  const samples: ConnectionStates[] = [];
  while (Date.now() < until) {
    const rows = await database
      .query<{ state: string | null; n: number }>(
        "SELECT state, count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() GROUP BY state",
      )
      .catch(() => []);
    samples.push(Object.fromEntries(rows.map((r) => [r.state ?? "starting", r.n])));
    await new Promise((r) => setTimeout(r, 250));
  }
  return samples;
}

function connectionsLine(samples: ConnectionStates[]) {
  const states = [...new Set(samples.flatMap((s) => Object.keys(s)))].sort();
  const parts = states.map((state) => {
    const counts = samples.map((s) => s[state] ?? 0);
    const mean = counts.reduce((a, b) => a + b, 0) / Math.max(1, counts.length);
    return `${state} mean ${mean.toFixed(1)} max ${Math.max(...counts)}`;
  });
  return `PostgreSQL connections over ${samples.length} samples (the load's own two excluded where idle): ${parts.join("; ")}`;
}

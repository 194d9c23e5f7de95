// Starts the built studio (build/server.js, production mode) on a freshly seeded SQLite file (or a
// database given), for benches and load scripts. Needs `npm run build` first.
import { execSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import { treeCpuMs, treeRssMB } from "./process-tree";

export interface StudioServer {
  url: string;
  /** The SQLite file; "" when the server was given a database URL. */
  dbFile: string;
  process: ChildProcess;
  stop(signal?: NodeJS.Signals): Promise<void>;
  /** Resident memory of the server process (decision 036: one process). */
  rssMB(): number;
  /** CPU time of the server process so far, in ms. */
  cpuMs(): number;
}

const serveScript = () => (JSON.parse(fs.readFileSync("package.json", "utf8")) as { scripts: Record<string, string> }).scripts.serve;

/** The Node flags `npm run serve` starts the server with, if any. */
export function serveFlags(): string[] {
  return serveScript().match(/--[\w-]+(?:=\S+)?/g) ?? [];
}

/** The environment `npm run serve` sets before node (NODE_ENV). */
export function serveEnv(): Record<string, string> {
  return Object.fromEntries([...serveScript().matchAll(/\b([A-Z_]+)=(\S+)/g)].map((m) => [m[1], m[2]]));
}

export function seedDatabase(dbFile: string) {
  for (const suffix of ["", "-wal", "-shm", "-journal"]) fs.rmSync(`${dbFile}${suffix}`, { force: true });
  const env = { ...process.env, DATABASE_URL: `file:${dbFile}` };
  execSync("npx prisma migrate deploy", { env, stdio: "pipe" });
  execSync("npx prisma db seed", { env, stdio: "pipe" });
}

/** A SQLite file (seeded first unless `seed` is false), or a database made ready elsewhere (scripts/lib/bench-database.ts). */
type Where = { dbFile: string; seed?: boolean } | { databaseUrl: string };

export async function startServer({ port, ...where }: { port: number } & Where): Promise<StudioServer> {
  if (!fs.existsSync("build/server.js")) throw new Error("No build: run npm run build first.");
  const dbFile = "dbFile" in where ? where.dbFile : "";
  if ("dbFile" in where && where.seed !== false) seedDatabase(dbFile);
  const child = spawn(process.execPath, [...serveFlags(), "build/server.js"], {
    env: {
      ...process.env,
      ...serveEnv(),
      PORT: String(port),
      DATABASE_URL: "databaseUrl" in where ? where.databaseUrl : `file:${dbFile}`,
      NODE_ENV: "production",
      LOG_REQUESTS: "false",
      BENCH_ROUTES: "on",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://localhost:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}/healthcheck`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (i > 150 || child.exitCode !== null) throw new Error(`The server on port ${port} did not start.`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    dbFile,
    process: child,
    rssMB: () => treeRssMB(child.pid!),
    cpuMs: () => treeCpuMs(child.pid!),
    stop(signal = "SIGTERM") {
      return new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode) return resolve();
        child.once("exit", () => resolve());
        child.kill(signal);
      });
    },
  };
}

/** Signs in through the real form and returns the Cookie header value. */
export async function signIn(url: string, email = "sarah@studio.test", password = "studio-demo-2026") {
  const res = await fetch(`${url}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: url },
    body: new URLSearchParams({ email, password, redirectTo: "/" }),
  });
  const cookie = res.headers.get("set-cookie")?.split(";")[0];
  if (res.status !== 302 || !cookie) throw new Error(`Sign-in failed with ${res.status}.`);
  return cookie;
}

// Decision 028: the server is a front process that answers the tracker itself and an app process
// behind it that renders the studio. A tracker event is acknowledged even while the app cannot run at
// all, and the app never outlives the front.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net, { type AddressInfo } from "node:net";
import { E2E } from "./env";
import { openDb } from "./factory";
import { expect, test } from "./fixtures";

const SITE = "https://front-process.example";
const READER_AGENT = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** This spec's own server on a copy of the seed (or, `migrated: false`, an empty file), since it pauses and kills it. */
async function ownServer({ migrated = true } = {}) {
  const port = await freePort();
  const dbFile = `prisma/e2e-front-${port}.db`;
  if (migrated) fs.copyFileSync(E2E.templateDb, dbFile);
  else fs.writeFileSync(dbFile, "");
  const db = openDb(dbFile);
  if (migrated)
    db.prepare(`INSERT INTO "TrackedSite" ("id", "origin", "createdById", "createdAt") VALUES ('e2e-front-site', ?, 'x', ?)`).run(
      SITE,
      new Date().toISOString(),
    );
  const front = spawn("sh", ["-c", `exec ${E2E.serverCommand}`], {
    env: { ...process.env, ...E2E.serverEnv(port, dbFile) },
    stdio: "ignore",
    detached: true,
  });
  const url = `http://localhost:${port}`;
  await E2E.waitForHealth(url, () => (front.exitCode !== null ? "server exited" : null));
  const appPid = Number(fs.readFileSync(`/proc/${front.pid}/task/${front.pid}/children`, "utf8").trim());
  const cleanUp = () => {
    for (const pid of [-front.pid!, appPid]) {
      try {
        process.kill(pid, "SIGCONT");
        process.kill(pid, "SIGKILL");
      } catch {
        /* already gone */
      }
    }
    db.close();
    for (const f of [dbFile, `${dbFile}-wal`, `${dbFile}-shm`]) fs.rmSync(f, { force: true });
  };
  return { url, db, front: front as ChildProcess, appPid, cleanUp };
}

const alive = (pid: number) => fs.existsSync(`/proc/${pid}`) && !/^State:\s+Z/m.test(fs.readFileSync(`/proc/${pid}/status`, "utf8"));

test("a page view is acknowledged and stored while the app process is paused", async ({ request }) => {
  const server = await ownServer();
  try {
    process.kill(server.appPid, "SIGSTOP");
    // The studio's pages wait for the app…
    const page = fetch(`${server.url}/login`, { signal: AbortSignal.timeout(1_000) });
    await expect(page).rejects.toThrow();
    // …the tracker does not.
    const sent = await request.post(`${server.url}/api/event`, {
      headers: { Origin: SITE, "User-Agent": READER_AGENT, "Content-Type": "text/plain;charset=UTF-8" },
      data: JSON.stringify({ k: "v", u: `${SITE}/launch`, r: "", p: "e2e-front-paused" }),
      timeout: 10_000,
    });
    expect(sent.status()).toBe(202);
    expect(server.db.prepare(`SELECT COUNT(*) AS n FROM "TrackEvent" WHERE "pageviewId" = 'e2e-front-paused'`).get()).toEqual({ n: 1 });
    process.kill(server.appPid, "SIGCONT");
    expect((await request.get(`${server.url}/login`)).status()).toBe(200);
  } finally {
    server.cleanUp();
  }
});

test("the app process stops when the front is killed", async () => {
  const server = await ownServer();
  try {
    expect(alive(server.appPid)).toBe(true);
    server.front.kill("SIGKILL");
    await expect.poll(() => alive(server.appPid), { timeout: 15_000 }).toBe(false);
  } finally {
    server.cleanUp();
  }
});

test("on a database without its tables, SIGTERM still stops both processes", async () => {
  // The workflow runner's heartbeat fails there: it must pause between tries, not spin and starve the signal.
  const server = await ownServer({ migrated: false });
  try {
    server.front.kill("SIGTERM");
    await expect.poll(() => alive(server.appPid) || alive(server.front.pid!), { timeout: 15_000 }).toBe(false);
  } finally {
    server.cleanUp();
  }
});

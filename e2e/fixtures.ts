// Every spec imports `test` from here. Each worker of the "app" project runs its own server on its own
// copy of the seeded database, so specs cannot disturb one another; the "fresh-seed" project reads the
// untouched database of the config's webServer. Members a spec changes come from the `member` fixture.
import { test as base, type BrowserContext, type Page } from "@playwright/test";
import { spawn } from "node:child_process";
import fs from "node:fs";
import { E2E } from "./env";
import { cookie, createMember, createSession, deleteMember, emptyStudio, openDb, type Db, type Member, type Role } from "./factory";

type Server = { url: string; dbFile: string };
type SignedIn = Member & { context: BrowserContext; page: Page };

/** ownServer: this worker runs its own server on a copy of the seed; emptyStudio: with every piece of content removed. */
export type WorkerOptions = { ownServer: boolean; emptyStudio: boolean };
type WorkerFixtures = WorkerOptions & { server: Server; db: Db };
type TestFixtures = {
  /** A new active member with the demo password, deleted afterwards. */
  newMember: (role: Role, label?: string) => Member;
  /** A new member already signed in, in a browser context of their own. */
  signedInMember: (role: Role, label?: string) => Promise<SignedIn>;
};

async function startServer(index: number, empty: boolean): Promise<Server & { stop: () => Promise<void> }> {
  const port = E2E.workerPort(index);
  const dbFile = E2E.workerDb(index);
  for (const f of [dbFile, `${dbFile}-wal`, `${dbFile}-shm`]) fs.rmSync(f, { force: true });
  fs.copyFileSync(E2E.templateDb, dbFile);
  if (empty) {
    const db = openDb(dbFile);
    emptyStudio(db);
    db.close();
  }
  const child = spawn("sh", ["-c", `exec ${E2E.serverCommand}`], {
    env: { ...process.env, ...E2E.serverEnv(port, dbFile) },
    stdio: ["ignore", "ignore", "pipe"],
    detached: true,
  });
  let stderr = "";
  child.stderr!.on("data", (d) => (stderr = (stderr + d).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = `http://localhost:${port}`;
  await E2E.waitForHealth(url, () => (child.exitCode !== null ? `server exited: ${stderr}` : null));
  const stop = async () => {
    if (child.exitCode === null) process.kill(-child.pid!, "SIGTERM");
    await exited;
    for (const f of [dbFile, `${dbFile}-wal`, `${dbFile}-shm`]) fs.rmSync(f, { force: true });
  };
  return { url, dbFile, stop };
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  ownServer: [true, { scope: "worker", option: true }],
  emptyStudio: [false, { scope: "worker", option: true }],
  server: [
    async ({ ownServer, emptyStudio }, use, workerInfo) => {
      if (!ownServer) return use({ url: E2E.freshUrl, dbFile: E2E.freshDb });
      const server = await startServer(workerInfo.workerIndex, emptyStudio);
      await use(server);
      await server.stop();
    },
    { scope: "worker", timeout: 90_000 },
  ],
  db: [
    async ({ server }, use) => {
      const db = openDb(server.dbFile);
      await use(db);
      db.close();
    },
    { scope: "worker" },
  ],
  baseURL: async ({ server }, use) => use(server.url),

  newMember: async ({ db }, use) => {
    const made: string[] = [];
    await use((role, label) => {
      const member = createMember(db, role, label);
      made.push(member.id);
      return member;
    });
    for (const id of made) deleteMember(db, id);
  },
  signedInMember: async ({ browser, baseURL, db, newMember }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (role, label) => {
      const member = newMember(role, label);
      const context = await browser.newContext({ baseURL, storageState: { cookies: [cookie(createSession(db, member.id))], origins: [] } });
      contexts.push(context);
      return { ...member, context, page: await context.newPage() };
    });
    for (const c of contexts) await c.close();
  },
});

export { expect, type APIResponse, type Page } from "@playwright/test";

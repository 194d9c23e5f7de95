// The built server is one Node process (decision 036): no child process to proxy to, and SIGTERM
// stops it, also where the workflow runner's heartbeat fails (a database without its tables: the
// runner must pause between tries, not spin and starve the signal).
import { spawn } from "node:child_process";
import fs from "node:fs";
import net, { type AddressInfo } from "node:net";
import { E2E } from "./env";
import { expect, test } from "./fixtures";

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** This spec's own server on a copy of the seed (or, `migrated: false`, an empty file), since it stops it. */
async function ownServer({ migrated = true } = {}) {
  const port = await freePort();
  const dbFile = `prisma/e2e-process-${port}.db`;
  if (migrated) fs.copyFileSync(E2E.templateDb, dbFile);
  else fs.writeFileSync(dbFile, "");
  const server = spawn("sh", ["-c", `exec ${E2E.serverCommand}`], {
    env: { ...process.env, ...E2E.serverEnv(port, dbFile) },
    stdio: "ignore",
  });
  const exited = new Promise<number | null>((resolve) => server.once("exit", (code) => resolve(code)));
  const cleanUp = () => {
    server.kill("SIGKILL");
    for (const f of [dbFile, `${dbFile}-wal`, `${dbFile}-shm`]) fs.rmSync(f, { force: true });
  };
  return { url: `http://localhost:${port}`, pid: server.pid!, exited, cleanUp };
}

const children = (pid: number) => fs.readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim();

test("serves the studio from one process with no child, and stops on SIGTERM", async () => {
  const server = await ownServer();
  try {
    await E2E.waitForHealth(server.url);
    expect((await fetch(`${server.url}/login`)).status).toBe(200);
    expect(children(server.pid)).toBe("");
    process.kill(server.pid, "SIGTERM");
    expect(await server.exited).toBe(0);
  } finally {
    server.cleanUp();
  }
});

test("on a database without its tables, SIGTERM still stops it", async () => {
  const server = await ownServer({ migrated: false });
  try {
    await E2E.waitForHealth(server.url);
    process.kill(server.pid, "SIGTERM");
    expect(await server.exited).toBe(0);
  } finally {
    server.cleanUp();
  }
});

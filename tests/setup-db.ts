import fs from "node:fs";
import path from "node:path";
import { beforeEach, vi } from "vitest";
import { resetTestScope } from "../app/db/workspace-scope.server";
import { TEST_ENGINE, templateDatabaseName, workerDatabaseName } from "./engine";
import { postgresAdmin, postgresUrlFor } from "./postgres";

// Files share a worker's modules (vitest.config.ts): each starts from the environment the worker
// started with, whatever the file before it set or removed.
const start = globalThis as { studioTestEnv?: NodeJS.ProcessEnv };
start.studioTestEnv ??= { ...process.env };
for (const key of Object.keys(process.env)) if (!(key in start.studioTestEnv)) delete process.env[key];
Object.assign(process.env, start.studioTestEnv);

// A private copy of the migrated template per worker, so tests never share a database.
process.env.DATABASE_URL = TEST_ENGINE === "postgresql" ? await workerPostgresDatabase() : workerSqliteFile();

function workerSqliteFile() {
  const dir = path.resolve("tests/.tmp");
  const file = path.join(dir, `worker-${process.env.VITEST_POOL_ID ?? "0"}-${process.pid}.db`);
  if (!fs.existsSync(file)) fs.copyFileSync(path.join(dir, "template.db"), file);
  return `file:${file}`;
}

/** The worker's database, copied from the run's template (the runner is this fork's parent) once per worker. */
async function workerPostgresDatabase() {
  const name = workerDatabaseName(process.ppid, process.pid);
  const made = globalThis as { studioWorkerDatabase?: string };
  if (made.studioWorkerDatabase !== name) {
    await postgresAdmin((c) => c.query(`CREATE DATABASE ${name} TEMPLATE ${templateDatabaseName(process.ppid)}`));
    made.studioWorkerDatabase = name;
  }
  return postgresUrlFor(name);
}

// The seed hashes the demo password with a fixed salt per member, so each call always gives the same
// string. Compute each once per worker instead of on every freshSeed(): scrypt was most of the suite's time.
// Calls without a salt (random) and verifyPassword stay real.
vi.mock("../app/crypto/password.server", async (importOriginal) => {
  const real = await importOriginal<typeof import("../app/crypto/password.server")>();
  const memo = new Map<string, Promise<string>>();
  return {
    ...real,
    hashPassword(password: string, salt?: Buffer) {
      if (!salt) return real.hashPassword(password);
      const key = `${password}\u0000${salt.toString("base64")}`;
      if (!memo.has(key)) memo.set(key, real.hashPassword(password, salt));
      return memo.get(key)!;
    },
  };
});

// Each test is one request in the first workspace unless it enters another (decision 073).
resetTestScope();
beforeEach(() => resetTestScope());

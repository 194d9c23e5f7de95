// PostgreSQL for the Vitest suites that run on both engines (decision 046). TEST_POSTGRES_URL names a
// server to create databases on (default: the build machines' 127.0.0.1:5432, trust authentication).
// Without one the suites are skipped and say why; with REQUIRE_POSTGRES=1 (.ci/run) they fail instead.
import crypto from "node:crypto";
import pg from "pg";
import { migratePostgres } from "../server/migrate-postgres";

export const POSTGRES_ADMIN_URL = process.env.TEST_POSTGRES_URL ?? "postgresql://postgres@127.0.0.1:5432/test";

/** Null when PostgreSQL answers, else why not (the suite's skip message). */
export async function postgresUnavailable(): Promise<string | null> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query("SELECT 1");
    return null;
  } catch (error) {
    const reason = `PostgreSQL is not reachable at ${new URL(POSTGRES_ADMIN_URL).host} (${(error as Error).message || (error as { code?: string }).code}); set TEST_POSTGRES_URL or start it`;
    if (process.env.REQUIRE_POSTGRES === "1") throw new Error(`REQUIRE_POSTGRES=1: ${reason}`);
    console.warn(`skipped: ${reason}`);
    return reason;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Runs `work` on a connection to the server's admin database (creating and dropping databases). */
export async function postgresAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A new database of its own (studio_test_<random>), migrated unless told otherwise; `drop` removes it. */
export async function freshPostgresDatabase({ migrated = true } = {}): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `studio_test_${crypto.randomBytes(6).toString("hex")}`;
  await postgresAdmin((c) => c.query(`CREATE DATABASE ${name}`));
  const url = postgresUrlFor(name);
  if (migrated) await migratePostgres(url, undefined, () => {});
  return { url, drop: () => postgresAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => {}) };
}

/** The address of database `name` on the test server. */
export function postgresUrlFor(name: string): string {
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Drops a whole-suite run's template and worker databases (TEST_ENGINE=postgresql, tests/engine.ts). */
export async function dropRunDatabases(runPid: number) {
  await postgresAdmin(async (c) => {
    const { rows } = await c.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [`studio_vt_${runPid}_%`]);
    for (const { datname } of rows) await c.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  });
}

/** Drops what runs that no longer exist on this machine left behind (a run killed before its teardown). */
export async function dropStaleRunDatabases() {
  const alive = (pid: number) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch (error) {
      return (error as NodeJS.ErrnoException).code === "EPERM";
    }
  };
  const { rows } = await postgresAdmin((c) =>
    c.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE 'studio_vt_%'`),
  );
  const stale = new Set(rows.map((r) => Number(r.datname.split("_")[2])).filter((pid) => pid > 0 && !alive(pid)));
  for (const pid of stale) await dropRunDatabases(pid);
}

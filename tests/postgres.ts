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

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
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
  await admin((c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  if (migrated) await migratePostgres(url.toString(), undefined, () => {});
  return { url: url.toString(), drop: () => admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => {}) };
}

// db:backup and db:restore on PostgreSQL: pg_dump's custom format, read back with pg_restore --list
// before it is kept, and restored only into an empty database (nothing is overwritten).
import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";

const run = promisify(execFile);

/** Settings only Prisma reads; libpq (pg_dump, pg_restore) refuses a URL that carries them. */
const PRISMA_ONLY = ["schema", "connection_limit", "pool_timeout", "socket_timeout", "pgbouncer", "statement_cache_size"];

/** The database URL as pg_dump and pg_restore take it. */
export function libpqUrl(url: string): string {
  const parsed = new URL(url);
  for (const name of PRISMA_ONLY) parsed.searchParams.delete(name);
  return parsed.toString();
}

async function tool(name: "pg_dump" | "pg_restore", args: string[]) {
  try {
    return await run(name, args, { maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    const failure = error as NodeJS.ErrnoException & { stderr?: string };
    if (failure.code === "ENOENT") throw new Error(`${name} was not found: install PostgreSQL's client tools (Debian: postgresql-client).`);
    throw new Error(`${name} failed: ${failure.stderr?.trim() || failure.message}`);
  }
}

/** A consistent dump of the database (pg_dump reads one snapshot while the studio keeps writing). */
export async function backupPostgres(url: string, target: string) {
  fs.mkdirSync(path.dirname(path.resolve(target)), { recursive: true });
  const partial = `${target}.partial`;
  fs.rmSync(partial, { force: true });
  await tool("pg_dump", ["--format=custom", "--no-owner", `--file=${partial}`, `--dbname=${libpqUrl(url)}`]);
  await tool("pg_restore", ["--list", partial]);
  fs.renameSync(partial, target);
  return { target, bytes: fs.statSync(target).size };
}

/** Tables in the target's schema: a restore needs none. */
async function tablesIn(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: libpqUrl(url) });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = current_schema()`,
    );
    return rows[0].n;
  } finally {
    await client.end();
  }
}

/** Restores a dump into an empty database, in one transaction: a failure leaves it empty. */
export async function restorePostgres(backup: string, url: string) {
  await tool("pg_restore", ["--list", backup]);
  const tables = await tablesIn(url);
  if (tables > 0)
    throw new Error(`The target database already holds ${tables} tables: restore into an empty one (createdb). Nothing was restored.`);
  await tool("pg_restore", ["--no-owner", "--exit-on-error", "--single-transaction", `--dbname=${libpqUrl(url)}`, backup]);
  return { target: url, bytes: fs.statSync(backup).size };
}

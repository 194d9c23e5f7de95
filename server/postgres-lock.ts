// A PostgreSQL advisory lock on a connection of its own, for start-up work that replicas starting
// together must do one at a time (migrating, seeding an empty database). Ending the connection releases it.

/** Waits for the lock `key` on the database `url`; the returned function releases it. */
export async function postgresAdvisoryLock(url: string, key: number): Promise<() => Promise<void>> {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [key]);
  } catch (error) {
    await client.end();
    throw error;
  }
  return () => client.end();
}

// Which engine the Vitest run puts under the app: TEST_ENGINE=postgresql runs the whole suite on
// PostgreSQL (a copy of one migrated template database per worker); anything else, SQLite (a copy of
// one migrated template file per worker). Suites that only make sense on SQLite say so (onPostgresRun).
export type TestEngine = "sqlite" | "postgresql";

export const TEST_ENGINE: TestEngine = process.env.TEST_ENGINE === "postgresql" ? "postgresql" : "sqlite";

/** The template database's name on PostgreSQL runs: one per run (the runner's pid), dropped at its end. */
export const templateDatabaseName = (runPid: string | number) => `studio_vt_${runPid}_template`;

/** A worker's own database on PostgreSQL runs. */
export const workerDatabaseName = (runPid: string | number, workerPid: number) => `studio_vt_${runPid}_w${workerPid}`;

/**
 * True on a PostgreSQL run. For tests of SQLite's own machinery (its file, pragmas, query plans, WAL
 * fsync), which such a run skips: `describe.skipIf(onPostgresRun)`. Their PostgreSQL twins have suites
 * of their own (tests/*-postgres.test.ts, tests/engines-agree.test.ts).
 */
export const onPostgresRun = TEST_ENGINE === "postgresql";

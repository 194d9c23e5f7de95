import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";

const ALL = ["app/**/*.test.{ts,tsx}", "tests/**/*.test.ts", "prisma/**/*.test.ts", "server/**/*.test.ts"];
/**
 * Files that need a process of their own: they mock modules (vi.mock), count rows across the whole
 * database, read settings a module keeps from its first import, or start a loop that would go on
 * running into the next file. Every other file shares its worker's modules and database
 * (isolate: false), which saves the module loading that was most of the suite's time; each still
 * makes its own data.
 */
const OWN_PROCESS = [
  "server/studio.test.ts",
  "tests/audit-chain.test.ts",
  "tests/audit-export-limit.test.ts",
  "tests/auto-post.test.ts",
  "tests/channel-delivery.test.ts",
  "tests/db-copy.test.ts",
  "tests/engines-agree.test.ts",
  "tests/create-lost-answer.test.ts",
  "tests/every-create-once.test.ts",
  "tests/every-handler-audits.test.ts",
  "tests/every-handler-permissions.test.ts",
  "tests/ingest-group-commit.test.ts",
  "tests/publish-scheduler-loop.test.ts",
  "tests/secure-cookie.test.ts",
  "tests/uploads.test.ts",
  "tests/workflow-publishes.test.ts",
  "tests/workflow-runner.test.ts",
];

/**
 * TEST_ENGINE=postgresql (tests/engine.ts) runs the suites that reach a database on PostgreSQL. Left
 * out: the pure functions of app/domain (no database), and the suites that make PostgreSQL databases
 * of their own, which the SQLite run already runs.
 */
const ONLY_ONCE = [
  "app/domain/**",
  "tests/*-postgres.test.ts",
  "tests/engines-agree.test.ts",
  "tests/db-copy.test.ts",
  "tests/postgres-schema.test.ts",
];
const notTwice = process.env.TEST_ENGINE === "postgresql" ? ONLY_ONCE : [];

export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    globalSetup: ["tests/global-setup.ts"],
    setupFiles: ["tests/setup-db.ts"],
    pool: "forks",
    // Both cores: the default (cores − 1) left one idle once typecheck, lint and build beside it were done.
    maxWorkers: 2,
    // Generous limits: CI shares two cores, and scrypt-heavy sign-in tests slow down under load.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: "shared", include: ALL, exclude: [...OWN_PROCESS, ...notTwice], isolate: false } },
      { extends: true, test: { name: "own-process", include: OWN_PROCESS, exclude: notTwice } },
    ],
  },
});

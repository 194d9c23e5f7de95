import { defineConfig, devices } from "@playwright/test";
import type { WorkerOptions } from "./e2e/fixtures";
import { authFile } from "./e2e/accounts";
import { E2E } from "./e2e/env";
import { CHROMIUM_ARGS, chromiumPath } from "./scripts/lib/chromium.mjs";

const DB_FILE = E2E.freshDb;
const DATABASE_URL = `file:./${DB_FILE}`;
const SERVER = "node build/server.js"; // the app's entry; each worker's server runs it too (e2e/fixtures.ts)
process.env.E2E_SERVER_COMMAND = SERVER;
const desktop = { ...devices["Desktop Chrome"], viewport: { width: 1440, height: 900 } };
// Seeded sessions per role, written by the global setup; specs switch role with test.use().
const admin = { ...desktop, storageState: authFile("Admin") };
// A phone (390 × 844, touch) and a browser with scripts off run their own short specs (issue 18).
const phone = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 1,
  storageState: authFile("Admin"),
};
const OWN_PROJECT_SPECS = [/phone\.spec\.ts/, /nojs\.spec\.ts/, /empty-studio\.spec\.ts/, /replicas\.spec\.ts/];

export default defineConfig<WorkerOptions>({
  testDir: "e2e",
  globalSetup: "./e2e/global-setup.ts",
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // No retries, in CI or anywhere: a flaky test is fixed, not hidden.
  retries: 0,
  // CI machines are shared: a page or a reload can take several seconds under load. Tests wait on the
  // thing itself, up to these limits; nothing is retried.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // The JSON report feeds `npm run e2e:times` (the slowest specs, to keep the suite within its budget).
  reporter: [["list"], ["json", { outputFile: "test-results/e2e-report.json" }]],
  use: {
    // A failure keeps its page's accessibility snapshot (error-context.md) and a screenshot. Traces
    // record every action of every test: a quarter of the suite's time here, so only with E2E_TRACE=1.
    trace: process.env.E2E_TRACE === "1" ? { mode: "retain-on-failure", screenshots: false } : "off",
    screenshot: "only-on-failure",
    // CHROMIUM_PATH, otherwise a Chromium on the PATH; without either, one line says what to install.
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
  },
  projects: [
    // First: its tests mostly wait (for a scheduled minute, a lease), so they run beside the others, not after.
    // Two replicas on PostgreSQL and Redis behind a loopback proxy; the spec starts its own servers.
    { name: "replicas", testMatch: /replicas\.spec\.ts/, use: { ...desktop, ownServer: false } },
    // Tests tagged @fresh-seed check the seed's figures; they only read, so they share the untouched database.
    { name: "fresh-seed", grep: /@fresh-seed/, fullyParallel: true, use: { ...admin, ownServer: false } },
    // Everything else: each worker has its own server and database copy, so files never wait on one another.
    { name: "app", grepInvert: /@fresh-seed/, testIgnore: OWN_PROJECT_SPECS, use: { ...admin, ownServer: true } },
    { name: "phone", testMatch: /phone\.spec\.ts/, use: { ...phone, ownServer: true } },
    { name: "nojs", testMatch: /nojs\.spec\.ts/, use: { ...admin, javaScriptEnabled: false, ownServer: true } },
    // A studio on its first day: every screen says what is missing and offers the next step.
    { name: "empty", testMatch: /empty-studio\.spec\.ts/, use: { ...admin, ownServer: true, emptyStudio: true } },
  ],
  webServer: {
    // Runs against the built app (npm run build first) on a freshly seeded database, migrated and seeded
    // as `npm start` does it (the bundled runner and seed: no Prisma CLI or tsx start-up).
    command: `rm -f ${DB_FILE}* && npm run -s setup && ${SERVER}`,
    url: `${E2E.freshUrl}/healthcheck`,
    env: { DATABASE_URL, PORT: String(E2E.port), NODE_ENV: "production", LOG_REQUESTS: "false" },
    reuseExistingServer: false,
    timeout: 120_000,
  },
});

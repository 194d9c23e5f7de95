import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3101);
const DB_FILE = `prisma/e2e-${PORT}.db`;
const DATABASE_URL = `file:./${DB_FILE}`;
const desktop = { ...devices["Desktop Chrome"], viewport: { width: 1440, height: 900 } };
const JOURNEYS = /(editor|team|integrations|account|roles|lifecycle|palette|library-actions|writing-assistant|workflow-runs|quick-actions|schedule|stored-xss|page-cache)\.spec\.ts/;

export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
    },
  },
  // Screens check the seed's figures, so they run before the journeys that change data.
  // Every project starts signed in as the demo Admin; specs switch role with test.use().
  projects: [
    { name: "sign-in", testMatch: /auth\.setup\.ts/, use: desktop },
    { name: "screens", testIgnore: JOURNEYS, dependencies: ["sign-in"], use: { ...desktop, storageState: "e2e/.auth/admin.json" } },
    { name: "journeys", testMatch: JOURNEYS, dependencies: ["screens"], use: { ...desktop, storageState: "e2e/.auth/admin.json" } },
  ],
  webServer: {
    // Runs against the built app (npm run build first) on a freshly seeded database.
    command: `rm -f ${DB_FILE}* && npx prisma migrate deploy && npx prisma db seed && node build/server.js`,
    url: `http://localhost:${PORT}/healthcheck`,
    env: { DATABASE_URL, PORT: String(PORT), NODE_ENV: "production", LOG_REQUESTS: "false" },
    reuseExistingServer: false,
    timeout: 120_000,
  },
});

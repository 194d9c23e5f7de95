import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3101);
const DB_FILE = `prisma/e2e-${PORT}.db`;
const DATABASE_URL = `file:./${DB_FILE}`;

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
  // Screens assert the seed's figures, so they run before journeys that change data.
  projects: [
    { name: "screens", testIgnore: /editor\.spec\.ts/, use: { ...devices["Desktop Chrome"], viewport: { width: 1440, height: 900 } } },
    {
      name: "journeys",
      testMatch: /editor\.spec\.ts/,
      dependencies: ["screens"],
      use: { ...devices["Desktop Chrome"], viewport: { width: 1440, height: 900 } },
    },
  ],
  webServer: {
    // Runs against the built app (npm run build first) on a freshly seeded database.
    command: `rm -f ${DB_FILE}* && npx prisma migrate deploy && npx prisma db seed && node server.mjs`,
    url: `http://localhost:${PORT}/healthcheck`,
    env: { DATABASE_URL, PORT: String(PORT), NODE_ENV: "production" },
    reuseExistingServer: false,
    timeout: 120_000,
  },
});

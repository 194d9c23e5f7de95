import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";

export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "tests/**/*.test.ts", "prisma/**/*.test.ts", "server/**/*.test.ts"],
    globalSetup: ["tests/global-setup.ts"],
    setupFiles: ["tests/setup-db.ts"],
    pool: "forks",
    // Both cores: the default (cores − 1) left one idle once typecheck, lint and build beside it were done.
    maxWorkers: 2,
    // Generous limits: CI shares two cores, and scrypt-heavy sign-in tests slow down under load.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

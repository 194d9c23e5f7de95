// For Vitest files that run the app's own modules on a PostgreSQL database (tests/postgres.ts makes
// one): vitest-only, so it stays out of tests/postgres.ts, which Playwright and scripts import too.
import type { PrismaClient } from "@prisma/client";
import { vi } from "vitest";

/** Fresh modules on the database `url` names, so the app's client (and engine) is made for it. */
export async function onDatabase(url: string) {
  process.env.DATABASE_URL = url;
  globalThis.__prisma = undefined;
  globalThis.__prismaReady = undefined;
  vi.resetModules();
  return (await import("~/db/db.server")) as { prisma: PrismaClient };
}

export async function closeDatabase(prisma: PrismaClient) {
  await prisma.$disconnect();
  globalThis.__prisma = undefined;
  globalThis.__prismaReady = undefined;
}

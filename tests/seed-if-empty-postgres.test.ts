// Replicas that start together on an empty PostgreSQL database seed it once: the first to take the
// seed's lock seeds, the others wait and find its data (prisma/seed-if-empty.ts).
// Skipped, with the reason, when PostgreSQL is not reachable (tests/postgres.ts).
import { describe, expect, it, vi } from "vitest";
import { USERS } from "../prisma/sample/people";
import { freshPostgresDatabase, postgresUnavailable } from "./postgres";
import { closeDatabase, onDatabase } from "./postgres-modules";

const unavailable = await postgresUnavailable();

describe.skipIf(unavailable !== null)(`Seeding an empty PostgreSQL database${unavailable ? ` (skipped: ${unavailable})` : ""}`, () => {
  it("two replicas starting together: one seeds, the other finds its data", { timeout: 120_000 }, async () => {
    const sqliteUrl = process.env.DATABASE_URL!;
    const database = await freshPostgresDatabase();
    const { prisma } = await onDatabase(database.url);
    const { createPrismaClient } = await import("~/db/db.server");
    const { seedIfEmpty } = await import("../prisma/seed-if-empty");
    const other = createPrismaClient(database.url);
    try {
      const outcomes = await Promise.all([seedIfEmpty(prisma, database.url), seedIfEmpty(other, database.url)]);
      expect(outcomes.sort()).toEqual(["seeded", "skipped"]);
      expect(await prisma.settings.count()).toBe(1);
      expect(await prisma.user.count()).toBe(USERS.length);
      expect(await seedIfEmpty(other, database.url)).toBe("skipped");
    } finally {
      await other.$disconnect();
      await closeDatabase(prisma);
      await database.drop();
      // The files after this one in the worker get the SQLite database's modules back.
      process.env.DATABASE_URL = sqliteUrl;
      vi.resetModules();
    }
  });
});

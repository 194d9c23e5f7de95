import "../server/require-node"; // first: refuses an older Node before anything loads
import type { PrismaClient } from "@prisma/client";
import { createPrismaClient, databaseUrl } from "../app/db/db.server";
import { engineOf } from "../app/db/engine.server";
import { postgresAdvisoryLock } from "../server/postgres-lock";
import { DEMO_PASSWORD, USERS } from "./sample/people";
import { seedDatabase } from "./seed-database";

const SEED_LOCK_KEY = 72707370;

/**
 * Used at start-up: seeds a fresh database, never overwrites a team's data. On PostgreSQL replicas that
 * start together take turns, so the first seeds and the others find its data.
 */
export async function seedIfEmpty(prisma: PrismaClient, url = databaseUrl()): Promise<"seeded" | "skipped"> {
  const release = engineOf(url) === "postgresql" ? await postgresAdvisoryLock(url, SEED_LOCK_KEY) : null;
  try {
    if ((await prisma.settings.count()) > 0) return "skipped";
    await seedDatabase(prisma);
    return "seeded";
  } finally {
    await release?.();
  }
}

const isMain = process.argv[1] && /seed-if-empty\.(ts|js)$/.test(process.argv[1]);
if (isMain) {
  const prisma = createPrismaClient();
  try {
    if ((await seedIfEmpty(prisma)) === "seeded")
      console.log(`Empty database: seeded the sample data. Sign in as ${USERS[0].email} with the password ${DEMO_PASSWORD}`);
    else console.log("Database has data: seed skipped.");
  } finally {
    await prisma.$disconnect();
  }
}

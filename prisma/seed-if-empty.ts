import "../server/require-node"; // first: refuses an older Node before anything loads
import type { PrismaClient } from "@prisma/client";
import { createPrismaClient, databaseUrl } from "../app/db/db.server";
import { engineOf } from "../app/db/engine.server";
import { postgresAdvisoryLock } from "../server/postgres-lock";
import { DEMO_PASSWORD, USERS } from "./sample/people";
import { seedCleanStudio, seedDatabase } from "./seed-database";
import { PASSWORD_MIN } from "../app/domain/auth-forms";
import { acrossWorkspaces } from "../app/db/workspace-scope.server";

const SEED_LOCK_KEY = 72707370;

type Env = Record<string, string | undefined>;

/** The first Admin of a clean studio (STUDIO_ADMIN_EMAIL, _PASSWORD, _NAME), null for the sample data; throws a sentence when unusable. */
export function cleanStartAdmin(env: Env = process.env) {
  const email = env.STUDIO_ADMIN_EMAIL?.trim();
  if (!email) return null;
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) throw new Error(`STUDIO_ADMIN_EMAIL (${email}) is not an email address.`);
  const password = env.STUDIO_ADMIN_PASSWORD ?? "";
  if (password.length < PASSWORD_MIN)
    throw new Error(`Set STUDIO_ADMIN_PASSWORD to at least ${PASSWORD_MIN} characters: it is the first Admin's password.`);
  return { email, password, name: env.STUDIO_ADMIN_NAME?.trim() || email.split("@")[0] };
}

/**
 * Used at start-up: seeds a fresh database (the sample data, or a clean studio with one Admin when
 * STUDIO_ADMIN_EMAIL is set), never overwrites a team's data. On PostgreSQL replicas that start
 * together take turns, so the first seeds and the others find its data.
 */
export async function seedIfEmpty(
  prisma: PrismaClient,
  url = databaseUrl(),
  env: Env = process.env,
): Promise<"seeded" | "clean" | "skipped"> {
  const admin = cleanStartAdmin(env);
  const release = engineOf(url) === "postgresql" ? await postgresAdvisoryLock(url, SEED_LOCK_KEY) : null;
  try {
    // Any workspace's settings mean a studio in use (decision 073).
    if ((await acrossWorkspaces(() => prisma.settings.count())) > 0) return "skipped";
    if (admin) {
      await seedCleanStudio(prisma, admin);
      return "clean";
    }
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
    const outcome = await seedIfEmpty(prisma);
    if (outcome === "seeded")
      console.log(
        `Empty database: loaded the sample data (60 items, made-up figures). Sign in as ${USERS[0].email} with the password ${DEMO_PASSWORD}`,
      );
    else if (outcome === "clean") console.log(`Empty database: a clean studio with one Admin, ${process.env.STUDIO_ADMIN_EMAIL?.trim()}.`);
    else console.log("Database has data: seed skipped.");
  } finally {
    await prisma.$disconnect();
  }
}

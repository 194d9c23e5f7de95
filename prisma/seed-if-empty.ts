import { createPrismaClient } from "../app/db/db.server";
import { DEMO_PASSWORD, USERS } from "./sample/people";
import { seedDatabase } from "./seed-database";

// Used at start-up: seeds a fresh database, never overwrites a team's data.
const prisma = createPrismaClient();
try {
  const settings = await prisma.settings.count();
  if (settings === 0) {
    await seedDatabase(prisma);
    console.log(`Empty database: seeded the sample data. Sign in as ${USERS[0].email} with the password ${DEMO_PASSWORD}`);
  } else {
    console.log("Database has data: seed skipped.");
  }
} finally {
  await prisma.$disconnect();
}

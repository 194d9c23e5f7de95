import "../server/require-node"; // first: refuses an older Node before anything loads
import { createPrismaClient } from "../app/db/db.server";
import { DEMO_PASSWORD, USERS } from "./sample/people";
import { seedDatabase } from "./seed-database";

const prisma = createPrismaClient();
try {
  await seedDatabase(prisma);
  console.log(`Seeded the sample data. Sign in as ${USERS[0].email} with the password ${DEMO_PASSWORD}`);
} finally {
  await prisma.$disconnect();
}

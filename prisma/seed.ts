import { createPrismaClient } from "../app/db.server";
import { seedDatabase } from "./seed-database";

const prisma = createPrismaClient();
try {
  await seedDatabase(prisma);
  console.log("Seeded the sample data.");
} finally {
  await prisma.$disconnect();
}

// Deleting items that carry months of daily metrics (their rollups go with them), on a seeded
// temporary database: SQLite by default, PostgreSQL with --postgres (TEST_POSTGRES_URL or the build
// machines' 127.0.0.1:5432). Usage: npm run bench:item-delete [-- --postgres]. Prints each delete's time.
import "../server/require-node"; // first: refuses an older Node before anything loads
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { migrate } from "../server/migrate";
import { freshPostgresDatabase } from "../tests/postgres";
import { FIRST_WORKSPACE_ID, enterScriptScope } from "../app/db/workspace-scope.server";

// The bench's rows are the first workspace's (decision 073).
enterScriptScope(FIRST_WORKSPACE_ID);

const onPostgres = process.argv.includes("--postgres");
const temp = onPostgres ? await freshPostgresDatabase() : null;
const file = path.join(os.tmpdir(), `bench-item-delete-${process.pid}.db`);
if (!temp) migrate(file, "prisma/migrations", () => {});
process.env.DATABASE_URL = temp?.url ?? `file:${file}`;

const { prisma } = await import("../app/db/db.server");
const { seedDatabase } = await import("../prisma/seed-database");
try {
  await seedDatabase(prisma, new Date());
  const items = await prisma.contentMetric.groupBy({
    by: ["contentId"],
    _count: true,
    orderBy: { _count: { contentId: "desc" } },
    take: 8,
  });
  const times: number[] = [];
  for (const item of items) {
    const start = performance.now();
    await prisma.contentItem.delete({ where: { id: item.contentId } });
    times.push(performance.now() - start);
    console.log(`delete an item with ${item._count} days of metrics: ${times.at(-1)!.toFixed(1)} ms`);
  }
  const sorted = [...times].sort((a, b) => a - b);
  console.log(
    `${onPostgres ? "postgresql" : "sqlite"}: median ${sorted[Math.floor(sorted.length / 2)].toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms`,
  );
} finally {
  await prisma.$disconnect();
  await temp?.drop();
  fs.rmSync(file, { force: true });
  for (const suffix of ["-wal", "-shm"]) fs.rmSync(`${file}${suffix}`, { force: true });
}

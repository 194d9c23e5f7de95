// What the row-level security wrapper costs a statement on PostgreSQL (decision 082). Each query runs
// N times sent alone (so in a transaction of its own: BEGIN, the settings, the statement, COMMIT) and
// N times inside one open transaction (the statement alone, as it was before the wall).
// DATABASE_URL=postgresql://… npx tsx scripts/bench-row-security.ts [N]   (an empty, migrated or new database)
import { performance } from "node:perf_hooks";

const N = Number(process.argv[2] ?? 2000);

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const summary = (times: number[]) => {
  const s = [...times].sort((a, b) => a - b);
  return { p50: +pct(s, 50).toFixed(3), p95: +pct(s, 95).toFixed(3), p99: +pct(s, 99).toFixed(3) };
};

async function main() {
  const url = process.env.DATABASE_URL ?? "";
  if (!/^postgres(ql)?:\/\//.test(url)) throw new Error("Set DATABASE_URL to a PostgreSQL database.");
  const { migratePostgres } = await import("../server/migrate-postgres");
  await migratePostgres(url, undefined, () => {});
  const { prisma } = await import("../app/db/db.server");
  const { withWorkspace, FIRST_WORKSPACE_ID } = await import("../app/db/workspace-scope.server");
  const { thisWorkspace } = await import("../app/db/workspace-keys.server");
  const { seedDatabase } = await import("../prisma/seed-database");
  await seedDatabase(prisma, new Date());

  type Db = Pick<typeof prisma, "settings" | "contentItem">;
  const queries = {
    "settings by key": (db: Db) => db.settings.findUnique({ where: thisWorkspace(), select: { teamName: true } }),
    "20 items": (db: Db) => db.contentItem.findMany({ take: 20, select: { id: true, title: true } }),
  };
  const results: Record<string, unknown> = {};
  await withWorkspace(FIRST_WORKSPACE_ID, async () => {
    for (const [name, query] of Object.entries(queries)) {
      for (let i = 0; i < 200; i++) await query(prisma); // warm
      const alone: number[] = [];
      for (let i = 0; i < N; i++) {
        const t = performance.now();
        await query(prisma);
        alone.push(performance.now() - t);
      }
      const inside: number[] = [];
      await prisma.$transaction(
        async (tx) => {
          for (let i = 0; i < N; i++) {
            const t = performance.now();
            await query(tx);
            inside.push(performance.now() - t);
          }
        },
        { timeout: 600_000 },
      );
      const a = summary(alone);
      const b = summary(inside);
      results[name] = { alone: a, "in one transaction": b, "p50 ratio": +(a.p50 / b.p50).toFixed(2) };
    }
  });
  console.log(JSON.stringify({ n: N, results }, null, 2));
  await prisma.$disconnect();
}

await main();

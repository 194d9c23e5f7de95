// Whether the database answers and every migration in the folder is applied, for /readyz. Reads only.
import { prisma } from "~/db/db.server";
import { onPostgres } from "~/db/engine.server";
import { shortReason, type DependencyState } from "~/domain/readiness";
import { migrationsDirectory as migrationsDirectoryOf, pendingMigrations, type AppliedRow } from "~/db/migration-plan.server";

/** The folder the process's engine's migrations are applied from (app/db/migration-plan.server.ts chooses it). */
export const migrationsDirectory = () => migrationsDirectoryOf(onPostgres());

async function migrationsState(dir: string): Promise<DependencyState> {
  let rows: AppliedRow[];
  try {
    rows = await prisma.$queryRawUnsafe<AppliedRow[]>(
      `SELECT migration_name, checksum, finished_at, rolled_back_at FROM "_prisma_migrations"`,
    );
  } catch {
    return { ready: false, state: "none applied (no _prisma_migrations table): run npm run setup" };
  }
  try {
    const { pending, total } = pendingMigrations(dir, rows, () => {});
    if (pending.length === 0) return { ready: true, state: `all ${total} applied` };
    return { ready: false, state: `${pending.length} of ${total} pending: ${pending.map((m) => m.name).join(", ")}` };
  } catch (error) {
    return { ready: false, state: shortReason(error) }; // a failed migration, or no folder
  }
}

export async function databaseReadiness(dir = migrationsDirectory()): Promise<{ database: DependencyState; migrations: DependencyState }> {
  try {
    await prisma.$queryRaw`SELECT 1`;
  } catch (error) {
    return {
      database: { ready: false, state: `unreachable (${shortReason(error)})` },
      migrations: { ready: false, state: "unknown: the database is unreachable" },
    };
  }
  return { database: { ready: true, state: "reachable" }, migrations: await migrationsState(dir) };
}

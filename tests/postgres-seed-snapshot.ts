// freshSeed() on PostgreSQL (TEST_ENGINE=postgresql): the seed writes each row through the rollup
// triggers (seconds), so the rows it made are kept in a schema of their own and copied back with the
// triggers off, as SQLite's backup API does for the file (tests/route-helpers.ts). A statement trigger
// on each table notes the tables written since, and only those are copied back: emptying all 59 took
// 170 ms (TRUNCATE makes new files), copying all of them back 140 ms more.
import type { PrismaClient } from "@prisma/client";

const SNAPSHOT = "seed_snapshot";

interface Table {
  name: string;
  /** Columns a row can be written to (not generated). */
  columns: string[];
  /** Its serial column's sequence, moved past the copied rows. */
  sequence: { name: string; column: string } | null;
}

let tables: Table[] | null = null;

/** The app's tables (partitioned ones as their parent), read once per worker. */
export async function appTables(prisma: PrismaClient): Promise<Table[]> {
  if (tables) return tables;
  const rows = await prisma.$queryRawUnsafe<{ table: string; column: string; generated: string; serial: string | null }[]>(`
    SELECT c.relname::text AS "table", a.attname::text AS "column", a.attgenerated::text AS "generated",
           pg_get_serial_sequence(format('%I', c.relname), a.attname) AS "serial"
    FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
    WHERE c.relkind IN ('r', 'p') AND NOT c.relispartition AND c.relname <> '_prisma_migrations'
    ORDER BY c.relname, a.attnum`);
  const byName = new Map<string, Table>();
  for (const row of rows) {
    const table = byName.get(row.table) ?? { name: row.table, columns: [], sequence: null };
    byName.set(row.table, table);
    if (row.generated === "") table.columns.push(`"${row.column}"`);
    if (row.serial) table.sequence = { name: row.serial, column: row.column };
  }
  tables = [...byName.values()];
  return tables;
}

/** Keeps what the database holds now as the seed to restore, and starts noting the tables written to. */
export async function keepSeed(prisma: PrismaClient) {
  const all = await appTables(prisma);
  await prisma.$executeRawUnsafe(`DROP SCHEMA IF EXISTS ${SNAPSHOT} CASCADE`);
  await prisma.$executeRawUnsafe(`CREATE SCHEMA ${SNAPSHOT}`);
  for (const t of all) {
    await prisma.$executeRawUnsafe(`CREATE TABLE ${SNAPSHOT}."${t.name}" AS SELECT ${t.columns.join(", ")} FROM public."${t.name}"`);
  }
  await prisma.$executeRawUnsafe(`CREATE TABLE ${SNAPSHOT}.touched (name text PRIMARY KEY)`);
  await prisma.$executeRawUnsafe(`CREATE FUNCTION ${SNAPSHOT}.note_touched() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER AS $$
    BEGIN INSERT INTO ${SNAPSHOT}.touched VALUES (TG_TABLE_NAME) ON CONFLICT DO NOTHING; RETURN NULL; END $$`);
  // SECURITY DEFINER: members' statements run as studio_app (decision 082), which has no right to this schema.
  // Dropped with the schema (CASCADE); the restore's replica role keeps them from firing.
  for (const t of all) {
    await prisma.$executeRawUnsafe(`CREATE TRIGGER zz_seed_touched AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON public."${t.name}"
      FOR EACH STATEMENT EXECUTE FUNCTION ${SNAPSHOT}.note_touched()`);
  }
}

/** Puts the kept seed back: each table written to since emptied and refilled, triggers off, serials moved on. */
export async function restoreSeed(prisma: PrismaClient) {
  const all = await appTables(prisma);
  const touched = new Set((await prisma.$queryRawUnsafe<{ name: string }[]>(`SELECT name FROM ${SNAPSHOT}.touched`)).map((r) => r.name));
  const changed = all.filter((t) => touched.has(t.name));
  if (changed.length === 0) return;
  const statements = [
    prisma.$executeRawUnsafe(`SET LOCAL session_replication_role = replica`),
    ...changed.flatMap((t) => {
      const columns = t.columns.join(", ");
      return [
        prisma.$executeRawUnsafe(`DELETE FROM public."${t.name}"`),
        prisma.$executeRawUnsafe(`INSERT INTO public."${t.name}" (${columns}) SELECT ${columns} FROM ${SNAPSHOT}."${t.name}"`),
      ];
    }),
    ...changed.flatMap((t) =>
      t.sequence
        ? [
            prisma.$queryRawUnsafe(
              `SELECT setval('${t.sequence.name}', COALESCE((SELECT max("${t.sequence.column}") FROM public."${t.name}"), 0) + 1, false)`,
            ),
          ]
        : [],
    ),
    prisma.$executeRawUnsafe(
      `DELETE FROM ${SNAPSHOT}.touched WHERE name = ANY($1::text[])`,
      changed.map((t) => t.name),
    ),
  ];
  await prisma.$transaction(statements);
}

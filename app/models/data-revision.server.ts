// The page cache's two versions (decision 026). The content version is the DataRevision row, moved by
// triggers on every table except the ones only the tracker's ingestion writes (TRAFFIC_TABLES), so
// a stream of page views does not make every cached page stale; pages that show traffic figures
// also carry the traffic version (app/jobs/event-flusher.server.ts).
import { z } from "zod/v4";
import { col, parseRow } from "~/db/db-row.server";
import { prisma } from "~/db/db.server";
import { onPostgres } from "~/db/engine.server";
import { dataVersion } from "~/db/read-db.server";
import { hotStatement } from "~/models/hot-read.server";

/**
 * Written only by ingestion (and the rollup triggers it sets off), or always together with a table
 * outside this list (the metrics API writes ChannelPostMetric with ContentMetric; deleting an item
 * deletes its metrics). Their writes do not move the content version.
 */
export const TRAFFIC_TABLES = [
  "TrackEvent",
  "TrackPageview",
  "TrackerSalt",
  "ContentMetric",
  "ContentMetricDaily",
  "ContentMetricRunning",
  "ContentMetricMonthly",
  "ContentPostEngagement",
  "ContentListing",
  "UnassignedPageDaily",
  "ShortLinkDaily",
  "ChannelMetricDaily",
  "DataRevision",
  "IdempotencyKey", // written in the same transaction as the row it made (decision 064)
] as const;

/** The three triggers that move the content version on any write to this table. */
export function revisionTriggersSql(table: string): string {
  return (["INSERT", "UPDATE", "DELETE"] as const)
    .map(
      (op) =>
        `CREATE TRIGGER "${table}_revision_${op.toLowerCase()}" AFTER ${op} ON "${table}"\n` +
        `BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;`,
    )
    .join("\n");
}

const RevisionRow = z.object({ n: col.int }).optional();

/**
 * Moves after every committed write except the tracker's ingestion. On SQLite read synchronously on
 * the read-only connection (microseconds); without the row (a database before the migration) it falls
 * back to SQLite's data_version, which moves after every write. On PostgreSQL (decision 048) the same
 * row, kept by the statement-level triggers of the twins migration, read through Prisma: a promise.
 */
export function contentVersion(): number | Promise<number> {
  if (onPostgres()) return contentVersionPostgres();
  let row: z.infer<typeof RevisionRow>;
  try {
    row = parseRow(RevisionRow, hotStatement(`SELECT "n" FROM "DataRevision" WHERE "id" = 1`).get());
  } catch {
    row = undefined; // no such table yet
  }
  return row ? row.n : -1 - dataVersion();
}

async function contentVersionPostgres(): Promise<number> {
  const [row] = await prisma.$queryRaw<unknown[]>`SELECT "n" FROM "DataRevision" WHERE "id" = 1`;
  return parseRow(RevisionRow, row)?.n ?? -1;
}

/** Tables that should carry the revision triggers but do not (tests/data-revision.test.ts, scripts/revision-triggers.ts). */
export function tablesWithoutRevisionTriggers(db: { prepare(sql: string): { all(): unknown[] } }): string[] {
  const Row = z.object({ name: z.string(), sql: z.string().nullable() });
  const objects = z
    .array(Row.extend({ type: z.string(), tbl_name: z.string() }))
    .parse(db.prepare(`SELECT "type", "name", "tbl_name", "sql" FROM sqlite_master`).all());
  const virtual = objects.filter((o) => o.type === "table" && /^CREATE VIRTUAL TABLE/i.test(o.sql ?? "")).map((o) => o.name);
  const triggered = new Set(
    objects.filter((o) => o.type === "trigger" && /_revision_(insert|update|delete)$/.test(o.name)).map((o) => o.name),
  );
  const skip = new Set<string>([...TRAFFIC_TABLES, "_prisma_migrations", ...virtual]);
  return objects
    .filter((o) => o.type === "table" && !o.name.startsWith("sqlite_") && !skip.has(o.name))
    .filter((o) => !virtual.some((v) => o.name.startsWith(`${v}_`))) // FTS5's shadow tables
    .filter((o) => ["insert", "update", "delete"].some((op) => !triggered.has(`${o.name}_revision_${op}`)))
    .map((o) => o.name);
}

// The page cache's two versions (decision 026). The content version is the DataRevision row, moved by
// triggers on every table except the ones only the tracker's ingestion writes (TRAFFIC_TABLES), so
// a stream of page views does not make every cached page stale; pages that show traffic figures
// also carry the traffic version (app/models/event-commit.server.ts).
import { z } from "zod/v4";
import { col, parseRow } from "~/db/db-row.server";
import { hotReads } from "~/db/hot-reads.server";

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
 * Moves after every committed write except the tracker's ingestion: the DataRevision row, a hot read
 * (microseconds on SQLite's read connection). On PostgreSQL the statement-level triggers of the twins
 * migration keep it. Without the row (a database before the migration) the engine's fallback
 * (SQLite's data_version, which moves after every write).
 */
export async function contentVersion(): Promise<number> {
  const reads = hotReads();
  return parseRow(RevisionRow, await reads.revisionRow())?.n ?? reads.revisionFallback();
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

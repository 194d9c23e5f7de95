// Moving up (issue 38, decision 052): a SQLite studio copied into an empty PostgreSQL database, every
// table through the two Prisma clients (same models, decision 046), then counted and checksummed on
// both sides. Upload files become UploadBlob rows, which is where a PostgreSQL studio keeps them.
import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { Prisma, type PrismaClient } from "@prisma/client";
import { createPrismaClient } from "~/db/db.server";
import { isPostgresUrl } from "~/db/engine.server";
import { IMAGE_TYPES, isImageType } from "~/domain/uploads";
import { migratePostgres } from "../server/migrate-postgres";
import { acrossWorkspaces } from "~/db/workspace-scope.server";

const BATCH = 1000;
/** Filled by the migrations themselves: their rows are replaced, not added (the audit chain's head: decision 075). */
const MIGRATION_ROWS = new Set(["DataRevision", "Workspace", "AuditChainHead", "AuditHeadDelivery"]);

type Model = Prisma.DMMF.Model;
type Row = Record<string, unknown>;
type Delegate = {
  findMany(args: object): Promise<Row[]>;
  createMany(args: { data: Row[] }): Promise<unknown>;
  count(): Promise<number>;
  deleteMany(): Promise<unknown>;
};

export type TableReport = { table: string; rows: number; checksum: string; matches: boolean };
export type CopyReport = { tables: TableReport[]; uploads: { copied: number; missing: string[] } };

const delegate = (client: object, model: Model) => (client as Record<string, Delegate>)[model.name[0].toLowerCase() + model.name.slice(1)];
const scalars = (model: Model) => model.fields.filter((f) => f.kind === "scalar").map((f) => f.name);

/** What the migrated target says of each table: its primary key's columns and the tables it refers to. */
type Shape = Map<string, { key: string[]; parents: Set<string> }>;

async function shapeOf(target: PrismaClient): Promise<Shape> {
  const keys = await target.$queryRaw<{ table: string; column: string }[]>`
    SELECT tc.table_name::text AS "table", kcu.column_name::text AS "column"
    FROM information_schema.table_constraints tc
    JOIN information_schema.key_column_usage kcu ON kcu.constraint_name = tc.constraint_name AND kcu.table_schema = tc.table_schema
    WHERE tc.constraint_type = 'PRIMARY KEY' AND tc.table_schema = current_schema()
    ORDER BY tc.table_name, kcu.ordinal_position`;
  const links = await target.$queryRaw<{ child: string; parent: string }[]>`
    SELECT c.relname::text AS child, p.relname::text AS parent FROM pg_constraint f
    JOIN pg_class c ON c.oid = f.conrelid JOIN pg_class p ON p.oid = f.confrelid
    WHERE f.contype = 'f' AND c.relnamespace = current_schema()::regnamespace`;
  const shape: Shape = new Map();
  const entry = (t: string) => shape.get(t) ?? shape.set(t, { key: [], parents: new Set() }).get(t)!;
  for (const k of keys) entry(k.table).key.push(k.column);
  for (const l of links) if (l.child !== l.parent) entry(l.child).parents.add(l.parent);
  return shape;
}

/** Parents before children, so every foreign key finds its row. */
function copyOrder(models: readonly Model[], shape: Shape): Model[] {
  const byName = new Map(models.map((m) => [m.name, m]));
  const done = new Set<string>();
  const out: Model[] = [];
  const visit = (m: Model) => {
    if (done.has(m.name)) return;
    done.add(m.name);
    for (const parent of shape.get(m.name)?.parents ?? []) if (byName.has(parent)) visit(byName.get(parent)!);
    out.push(m);
  };
  models.forEach(visit);
  return out;
}

/** One value as the same text on both engines. */
const canonical = (value: unknown): unknown =>
  value instanceof Date ? value.toISOString() : value instanceof Uint8Array ? Buffer.from(value).toString("base64") : value;

/** Order-free: the sum of each row's hash, so the two engines may read rows in different orders. */
class TableSum {
  rows = 0;
  private sum = 0n;
  add(row: Row, columns: string[]) {
    const hash = createHash("sha256")
      .update(JSON.stringify(columns.map((c) => canonical(row[c]))))
      .digest();
    this.sum = (this.sum + BigInt(`0x${hash.subarray(0, 16).toString("hex")}`)) % (1n << 128n);
    this.rows++;
  }
  get value() {
    return this.sum.toString(16).padStart(32, "0");
  }
}

/** Every row of a table (its own columns), a batch at a time in primary-key order. */
async function* batches(client: object, model: Model, key: string[]) {
  const select = Object.fromEntries(scalars(model).map((c) => [c, true]));
  const cursorOf = (row: Row) =>
    key.length === 1 ? { [key[0]]: row[key[0]] } : { [key.join("_")]: Object.fromEntries(key.map((k) => [k, row[k]])) };
  let last: Row | undefined;
  for (;;) {
    const page = await delegate(client, model).findMany({
      select,
      orderBy: key.map((k) => ({ [k]: "asc" })),
      take: BATCH,
      ...(last ? { cursor: cursorOf(last), skip: 1 } : {}),
    });
    if (page.length === 0) return;
    yield page;
    last = page[page.length - 1];
  }
}

/** Tables of the target that hold rows (a studio already there), or [] when it is empty. */
async function occupiedTables(target: PrismaClient, models: readonly Model[]): Promise<string[]> {
  const counts = await Promise.all(models.map(async (m) => [m.name, await delegate(target, m).count()] as const));
  return counts.filter(([name, n]) => n > 0 && !MIGRATION_ROWS.has(name)).map(([name]) => name);
}

export function copyDatabase(input: CopyInput) {
  // Every workspace's rows, as they are (decision 073).
  return acrossWorkspaces(() => copyAll(input));
}

type CopyInput = Parameters<typeof copyAll>[0];

async function copyAll(input: { from: string; to: string; uploadDir: string; log?: (line: string) => void }): Promise<CopyReport> {
  const log = input.log ?? (() => {});
  if (isPostgresUrl(input.from)) throw new Error("--from must be a SQLite database (file:…).");
  if (!isPostgresUrl(input.to)) throw new Error("--to must be a PostgreSQL database (postgresql://…).");
  await migratePostgres(input.to, undefined, log);
  const source = createPrismaClient(input.from);
  const target = createPrismaClient(input.to);
  try {
    const shape = await shapeOf(target);
    const models = copyOrder(Prisma.dmmf.datamodel.models, shape);
    const keyOf = (m: Model) => shape.get(m.name)!.key;
    const occupied = await occupiedTables(target, models);
    if (occupied.length)
      throw new Error(`The target database is not empty (${occupied.slice(0, 5).join(", ")} hold rows): nothing was copied.`);
    await target.$transaction(
      async (tx) => {
        // The rows are copied as they are, derived tables included: the target's triggers must not add theirs.
        for (const m of models) await tx.$executeRawUnsafe(`ALTER TABLE "${m.name}" DISABLE TRIGGER USER`);
        for (const m of models) {
          if (MIGRATION_ROWS.has(m.name)) await delegate(tx, m).deleteMany();
          let copied = 0;
          for await (const rows of batches(source, m, keyOf(m))) {
            await delegate(tx, m).createMany({ data: rows });
            copied += rows.length;
          }
          log(`${m.name}: ${copied} rows copied`);
        }
        for (const m of models) await tx.$executeRawUnsafe(`ALTER TABLE "${m.name}" ENABLE TRIGGER USER`);
        await tx.$executeRawUnsafe(`SELECT studio_listing_derived()`); // what only PostgreSQL's listing keeps
        await resetSequences(tx);
      },
      { timeout: 60 * 60_000, maxWait: 60_000 },
    );
    const uploads = await copyUploads(source, target, input.uploadDir);
    return { tables: await compareTables(source, target, models, shape), uploads };
  } finally {
    await Promise.all([source.$disconnect(), target.$disconnect()]);
  }
}

/** Autoincrement ids continue after the copied ones: every sequence a column owns moves past its maximum. */
async function resetSequences(tx: Prisma.TransactionClient) {
  const owned = await tx.$queryRaw<{ table: string; column: string }[]>`
    SELECT t.relname::text AS "table", a.attname::text AS "column" FROM pg_class s
    JOIN pg_depend d ON d.objid = s.oid AND d.deptype IN ('a', 'i')
    JOIN pg_class t ON t.oid = d.refobjid
    JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = d.refobjsubid
    WHERE s.relkind = 'S' AND s.relnamespace = current_schema()::regnamespace`;
  for (const { table, column } of owned)
    await tx.$executeRawUnsafe(
      `SELECT setval(pg_get_serial_sequence('"${table}"', '${column}'), COALESCE(MAX("${column}"), 1), MAX("${column}") IS NOT NULL) FROM "${table}"`,
    );
}

/** Each upload's file, once per hash, into UploadBlob; a file already missing on SQLite is named, not invented. */
async function copyUploads(source: PrismaClient, target: PrismaClient, uploadDir: string) {
  const uploads = await source.upload.findMany({ select: { sha256: true, mime: true }, distinct: ["sha256"] });
  const missing: string[] = [];
  let copied = 0;
  for (const u of uploads) {
    if (!isImageType(u.mime)) continue;
    const bytes = await fs.readFile(path.join(uploadDir, `${u.sha256}.${IMAGE_TYPES[u.mime]}`)).catch(() => null);
    if (!bytes) {
      missing.push(u.sha256);
      continue;
    }
    const sha256 = createHash("sha256").update(bytes).digest("hex");
    if (sha256 !== u.sha256) throw new Error(`The upload file for ${u.sha256} does not match its hash: nothing more was copied.`);
    await target.uploadBlob.upsert({ where: { sha256 }, create: { sha256, bytes: new Uint8Array(bytes) }, update: {} });
    copied++;
  }
  return { copied, missing };
}

async function tableSum(client: object, model: Model, key: string[]): Promise<TableSum> {
  const sum = new TableSum();
  const columns = scalars(model);
  for await (const rows of batches(client, model, key)) for (const row of rows) sum.add(row, columns);
  return sum;
}

/**
 * Each table's row count and checksum on both sides. Not compared: UploadBlob (filled from the files)
 * and DataRevision (a counter each database moves with its own writes, not data).
 */
async function compareTables(source: object, target: PrismaClient, models: readonly Model[], shape: Shape): Promise<TableReport[]> {
  const out: TableReport[] = [];
  for (const m of models) {
    if (m.name === "UploadBlob" || m.name === "DataRevision") continue;
    const key = shape.get(m.name)!.key;
    const [here, there] = await Promise.all([tableSum(source, m, key), tableSum(target, m, key)]);
    out.push({ table: m.name, rows: there.rows, checksum: there.value, matches: there.rows === here.rows && there.value === here.value });
  }
  return out;
}

/** Compares a SQLite studio with its copy, table by table: what db:copy checks after copying. */
export function compareDatabases(from: string, to: string): Promise<TableReport[]> {
  return acrossWorkspaces(() => compareAll(from, to));
}

async function compareAll(from: string, to: string): Promise<TableReport[]> {
  const [source, target] = [createPrismaClient(from), createPrismaClient(to)];
  try {
    const shape = await shapeOf(target);
    return await compareTables(source, target, copyOrder(Prisma.dmmf.datamodel.models, shape), shape);
  } finally {
    await Promise.all([source.$disconnect(), target.$disconnect()]);
  }
}

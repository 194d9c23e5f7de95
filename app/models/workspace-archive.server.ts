// A workspace's archive (decision 079): written as a tar stream, one entry at a time (a table's rows,
// an upload's bytes), the manifest last; read back by `npm run workspace:import`, checksums first.
import type { Readable } from "node:stream";
import tar from "tar-stream";
import { prisma } from "~/db/db.server";
import { byteStore } from "~/db/byte-store.server";
import { delegateIn, OWNED_TABLES, type OwnedTable } from "~/db/owned-tables.server";
import { acrossWorkspaces, currentWorkspaceId } from "~/db/workspace-scope.server";
import { IMAGE_TYPES, isImageType } from "~/domain/uploads";
import {
  ARCHIVE_FORMAT,
  archiveProblem,
  MANIFEST,
  rowFromJson,
  rowToJson,
  sha256Of,
  tableFile,
  tableJson,
  uploadFile,
  USERS_FILE,
  type Field,
  type Manifest,
} from "~/domain/workspace-archive";

type Row = Record<string, unknown>;

// Members' accounts travel with the workspace (its rows name them), never a password or the Owner flag.
const USER_FIELDS: Field[] = ["id", "name", "email", "title", "status", "createdAt"].map((name) => ({
  name,
  type: name === "createdAt" ? "DateTime" : "String",
  list: false,
}));

const byId = (table: string) => OWNED_TABLES.find((t) => t.model === table)!;

/** The table's rows of the workspace in scope (a reached-through table's by its parent's ids). */
async function rowsOf(table: OwnedTable, workspaceId: string): Promise<Row[]> {
  if (!table.via.parent) return delegateIn(prisma, table).findMany({ where: { workspaceId } });
  const parents = await delegateIn(prisma, byId(table.via.parent)).findMany({ where: { workspaceId }, select: { id: true } });
  return delegateIn(prisma, table).findMany({ where: { [table.via.field]: { in: parents.map((p) => p.id) } } });
}

/** The archive of the workspace in scope, as a tar stream filled while it is read. */
export function workspaceArchive(now = new Date()): Readable {
  const workspaceId = currentWorkspaceId();
  const pack = tar.pack();
  // A failure part way ends the download unfinished (the browser reports it), never a short archive that looks whole.
  fillArchive(pack, workspaceId, now).catch((error: unknown) => {
    console.error(`The export of workspace ${workspaceId} stopped: ${(error as Error).message}`);
    pack.destroy(error as Error);
  });
  return pack;
}

async function fillArchive(pack: tar.Pack, workspaceId: string, now: Date) {
  const files: Manifest["files"] = {};
  const tables: Manifest["tables"] = {};
  const add = (name: string, body: Buffer, listed = true) =>
    new Promise<void>((resolve, reject) => {
      if (listed) files[name] = { sha256: sha256Of(body), bytes: body.length };
      pack.entry({ name, size: body.length, mtime: now, mode: 0o644 }, body, (error) => (error ? reject(error) : resolve()));
    });
  const workspace = await acrossWorkspaces(() => prisma.workspace.findUniqueOrThrow({ where: { id: workspaceId } }));
  const all = await acrossWorkspaces(async () => {
    for (const table of OWNED_TABLES) {
      const rows = await rowsOf(table, workspaceId);
      tables[table.model] = rows.length;
      await add(tableFile(table.model), tableJson(rows.map((r) => rowToJson(r, table.fields))));
    }
    const members = await prisma.membership.findMany({ where: { workspaceId }, select: { userId: true } });
    const users = await prisma.user.findMany({ where: { id: { in: members.map((m) => m.userId) } } });
    await add(USERS_FILE, tableJson(users.map((u) => rowToJson(u, USER_FIELDS))));
    return prisma.upload.findMany({ where: { workspaceId }, select: { sha256: true, mime: true } });
  });
  for (const [sha256, mime] of new Map(all.map((u) => [u.sha256, u.mime]))) {
    if (!isImageType(mime)) continue;
    const bytes = await byteStore().loadBytes(sha256, IMAGE_TYPES[mime]);
    if (bytes) await add(uploadFile(sha256, IMAGE_TYPES[mime]), bytes);
  }
  const manifest: Manifest = {
    format: ARCHIVE_FORMAT,
    workspace: { id: workspace.id, name: workspace.name, createdAt: workspace.createdAt.toISOString() },
    exportedAt: now.toISOString(),
    tables,
    files,
  };
  await add(MANIFEST, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`), false);
  pack.finalize();
}

/** Every file of a tar archive, by name. */
export function readArchive(stream: Readable): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    const files = new Map<string, Buffer>();
    const extract = tar.extract();
    extract.on("entry", (header, entry, next) => {
      const chunks: Buffer[] = [];
      entry.on("data", (chunk: Buffer) => chunks.push(chunk));
      entry.on("end", () => {
        if (header.type === "file" || header.type === undefined) files.set(header.name, Buffer.concat(chunks));
        next();
      });
      entry.on("error", reject);
    });
    extract.on("finish", () => resolve(files));
    extract.on("error", reject);
    stream.on("error", reject);
    stream.pipe(extract);
  });
}

export type Imported =
  { ok: true; workspaceId: string; name: string; rows: number; users: number; files: number } | { ok: false; error: string };

// Parents before the rows that name them (the rest name only these, or nothing).
const PARENTS = ["ContentItem", "Agent", "WorkflowRun", "ChannelPost"];
const importOrder = () => [
  ...PARENTS.map(byId),
  ...OWNED_TABLES.filter((t) => !PARENTS.includes(t.model) && !t.via.parent),
  ...OWNED_TABLES.filter((t) => t.via.parent),
];

/** A thread's replies after the comment they answer. */
function parentsFirst(rows: Row[]): Row[] {
  const byRow = new Map(rows.map((r) => [r.id, r]));
  const depth = (r: Row): number => (r.parentId && byRow.has(r.parentId) ? 1 + depth(byRow.get(r.parentId)!) : 0);
  return [...rows].sort((a, b) => depth(a) - depth(b));
}

const parse = (files: Map<string, Buffer>, name: string) => JSON.parse(files.get(name)!.toString("utf8")) as Row[];

/**
 * Imports an archive as a new workspace of this studio: its checksums first, then refused when the
 * workspace's id or name is here already, a member's account here differs, or its audit entries would
 * overlap this studio's chain; otherwise every row in one transaction, its upload bytes kept.
 */
export function importWorkspaceArchive(files: Map<string, Buffer>, options: { intoEmpty?: boolean } = {}): Promise<Imported> {
  return acrossWorkspaces(async (): Promise<Imported> => {
    const manifestFile = files.get(MANIFEST);
    if (!manifestFile) return { ok: false, error: "The archive has no manifest.json." };
    const manifest = JSON.parse(manifestFile.toString("utf8")) as Manifest;
    const rest = new Map([...files].filter(([name]) => name !== MANIFEST));
    const problem = archiveProblem(manifest, rest);
    if (problem) return { ok: false, error: `The archive was not imported: ${problem}` };
    const { id, name, createdAt } = manifest.workspace;
    const here = await prisma.workspace.findUnique({ where: { id } });
    // A new studio's migration made an empty "first": with --into-empty the archive takes its place.
    const replace = !!here && !!options.intoEmpty && (await holdsNothing(id));
    if (here && !replace)
      return {
        ok: false,
        error: `This studio already has a workspace with the id “${id}”${options.intoEmpty ? ", and it holds rows" : ""}: nothing was imported.`,
      };
    const others = await prisma.workspace.findMany({ where: { id: { not: id } }, select: { name: true } });
    if (others.some((w) => w.name.toLowerCase() === name.toLowerCase()))
      return { ok: false, error: `This studio already has a workspace named “${name}”: rename it first. Nothing was imported.` };

    const users = parse(files, USERS_FILE).map((u) => rowFromJson(u, USER_FIELDS));
    const newUsers: Row[] = [];
    for (const user of users) {
      const here = await prisma.user.findFirst({ where: { OR: [{ id: user.id as string }, { email: user.email as string }] } });
      if (!here) newUsers.push(user);
      else if (here.id !== user.id || here.email !== user.email)
        return { ok: false, error: `The member ${String(user.email)} has a different account in this studio: nothing was imported.` };
    }
    const audit = parse(files, tableFile("AuditEntry"));
    const chain = await auditChainFit(audit);
    if (!chain.ok) return chain;

    let stored = 0;
    for (const file of rest.keys()) {
      const match = /^uploads\/([0-9a-f]{64})\.(\w+)$/.exec(file);
      if (match) await byteStore().keepBytes(rest.get(file)!, match[2]);
      if (match) stored += 1;
    }
    let table = "";
    const rows = await prisma
      .$transaction(
        async (tx) => {
          if (replace) await tx.workspace.delete({ where: { id } });
          await tx.workspace.create({ data: { id, name, createdAt: new Date(createdAt) } });
          if (newUsers.length) await tx.user.createMany({ data: newUsers as never });
          let count = 0;
          for (const owned of importOrder()) {
            table = owned.model;
            if (!files.has(tableFile(owned.model))) continue;
            let data = parse(files, tableFile(owned.model)).map((r) => rowFromJson(r, owned.fields));
            if (owned.model === "Comment") data = parentsFirst(data);
            for (let i = 0; i < data.length; i += 500) await delegateIn(tx, owned).createMany({ data: data.slice(i, i + 500) });
            count += data.length;
          }
          if (chain.head) await tx.auditChainHead.update({ where: { scope: "instance" }, data: chain.head });
          return count;
        },
        { timeout: 300_000 },
      )
      // A row this studio holds already (an id from the same source, say): the transaction wrote nothing.
      .catch((error: unknown) => new Error(`${table ? `${table}: ` : ""}${(error as Error).message.split("\n").filter(Boolean).at(-1)}`));
    if (rows instanceof Error) return { ok: false, error: `The import stopped and wrote no rows (${rows.message}).` };
    return { ok: true, workspaceId: id, name, rows, users: newUsers.length, files: stored };
  });
}

async function holdsNothing(workspaceId: string) {
  for (const table of OWNED_TABLES.filter((t) => !t.via.parent))
    if (await delegateIn(prisma, table).count({ where: { workspaceId } })) return false;
  return true;
}

/**
 * The archive's audit entries keep their place in the hash chain (decision 075): refused when one's seq
 * is taken here; into a studio whose chain is empty, the chain's head and base become the archive's.
 */
async function auditChainFit(entries: Row[]) {
  const seqs = entries.map((e) => e.seq).filter((s): s is number => typeof s === "number");
  if (!seqs.length) return { ok: true as const, head: null };
  const taken = await prisma.auditEntry.count({ where: { seq: { in: seqs } } });
  if (taken)
    return {
      ok: false as const,
      error: `${taken} of the archive's audit entries overlap this studio's audit chain: nothing was imported.`,
    };
  const head = await prisma.auditChainHead.findUnique({ where: { scope: "instance" } });
  const max = Math.max(...seqs);
  if (head && head.seq >= max) return { ok: true as const, head: null };
  if (head && head.seq > 0)
    return {
      ok: false as const,
      error: "The archive's audit chain runs past this studio's own: import it into a new studio. Nothing was imported.",
    };
  const sorted = [...entries].filter((e) => typeof e.seq === "number").sort((a, b) => (a.seq as number) - (b.seq as number));
  const first = sorted[0];
  const last = sorted[sorted.length - 1];
  return {
    ok: true as const,
    head: {
      seq: max,
      hash: last.hash as string,
      at: new Date(last.at as string),
      baseSeq: (first.seq as number) - 1,
      baseHash: first.prevHash as string,
    },
  };
}

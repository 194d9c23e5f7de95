// The audit log's hash chain (decision 075): the one append, the head, the walk over a chain's
// entries, the retention's cut and the one-time chaining of rows written before the chain. Today
// one chain, scope "instance"; a chain per workspace is SCOPE_WHERE's clause and the head's key.
import { randomUUID } from "node:crypto";
import type { Prisma } from "@prisma/client";
import { prisma } from "~/db/db.server";
import {
  entryHash,
  GENESIS_HASH,
  walkChain,
  type ChainCheck,
  type ChainFields,
  type RemovedRun,
  type StoredEntry,
} from "~/domain/audit-chain";
import { acrossWorkspaces } from "~/db/workspace-scope.server";

export const INSTANCE_SCOPE = "instance";

type Tx = Pick<Prisma.TransactionClient, "auditEntry" | "auditChainHead">;

/** The entries of one scope's chain. One scope today; with workspaces, `{ workspaceId: scope }`. */
const SCOPE_WHERE = (scope: string): Prisma.AuditEntryWhereInput => (scope === INSTANCE_SCOPE ? {} : { id: { in: [] } });

/**
 * Takes the head's row lock first: an UPDATE of the row, so a second append waits until the first
 * commits and then reads its head (PostgreSQL's row lock; SQLite's one writer). Returns the head as it
 * was, its seq already counting the new entry.
 */
async function lockHead(tx: Tx, scope: string) {
  const { count } = await tx.auditChainHead.updateMany({ where: { scope }, data: { seq: { increment: 1 } } });
  // A scope's first entry makes its head (the migration made "instance"'s).
  if (count === 0) await tx.auditChainHead.create({ data: { scope, seq: 1, hash: GENESIS_HASH, baseHash: GENESIS_HASH } });
  return tx.auditChainHead.findUniqueOrThrow({ where: { scope } });
}

export type AppendData = Omit<ChainFields, "seq" | "prevHash" | "id">;

/** Appends one entry to the scope's chain inside `tx`: next seq, the head's hash before it, its own hash. */
export async function appendToChain(tx: Tx, data: AppendData, scope = INSTANCE_SCOPE): Promise<void> {
  const head = await lockHead(tx, scope);
  const fields: ChainFields = { ...data, id: randomUUID(), seq: head.seq, prevHash: head.hash };
  const hash = entryHash(fields);
  await tx.auditEntry.create({ data: { ...fields, hash } });
  await tx.auditChainHead.update({ where: { scope }, data: { hash, at: data.at } });
}

export interface ChainHead {
  scope: string;
  seq: number;
  hash: string;
  at: Date | null;
  /** Entries in the chain now: those after the retention's cut. */
  count: number;
}

/** The scope's head: the last entry's seq and hash, when it was written and how many entries the chain holds. */
async function chainHeadOfAll(scope = INSTANCE_SCOPE): Promise<ChainHead> {
  const row = await prisma.auditChainHead.findUnique({ where: { scope } });
  if (!row) return { scope, seq: 0, hash: GENESIS_HASH, at: null, count: 0 };
  return { scope, seq: row.seq, hash: row.hash, at: row.at, count: row.seq - row.baseSeq };
}

const PAGE = 1000;
const STORED = {
  id: true,
  seq: true,
  prevHash: true,
  hash: true,
  at: true,
  actorKind: true,
  actorId: true,
  actorName: true,
  action: true,
  objectType: true,
  objectId: true,
  objectTitle: true,
  before: true,
  after: true,
} as const;

/** The scope's entries: first any never chained (by time), then the chain in seq order, a page at a time. */
async function* chainEntries(scope: string): AsyncGenerator<StoredEntry> {
  const where = SCOPE_WHERE(scope);
  yield* await prisma.auditEntry.findMany({
    where: { AND: [where, { seq: null }] },
    orderBy: [{ at: "asc" }, { id: "asc" }],
    select: STORED,
    take: 1,
  });
  let after = -1;
  for (;;) {
    const rows = await prisma.auditEntry.findMany({
      where: { AND: [where, { seq: { gt: after } }] },
      orderBy: { seq: "asc" },
      select: STORED,
      take: PAGE,
    });
    yield* rows;
    if (rows.length < PAGE) return;
    after = rows[rows.length - 1].seq ?? after;
  }
}

/** Walks the scope's chain from its base to its head (`npm run audit:verify`). */
async function verifyAuditChainOfAll(scope = INSTANCE_SCOPE): Promise<ChainCheck> {
  const head = (await prisma.auditChainHead.findUnique({ where: { scope } })) ?? {
    seq: 0,
    hash: GENESIS_HASH,
    baseSeq: 0,
    baseHash: GENESIS_HASH,
  };
  return walkChain(
    chainEntries(scope),
    { seq: head.baseSeq, hash: head.baseHash },
    { seq: head.seq, hash: head.hash },
    await vouchedRuns(),
  );
}

/** The runs of entries deleted workspaces took with them, as their chained `workspace.deleted` entries name them (decision 079). */
async function vouchedRuns(): Promise<RemovedRun[]> {
  const deletions = await prisma.auditEntry.findMany({
    where: { workspaceId: "", action: "workspace.deleted", hash: { not: null } },
    select: { before: true },
  });
  return deletions.flatMap((d) => ((d.before ? JSON.parse(d.before) : {}) as { chainGaps?: RemovedRun[] }).chainGaps ?? []);
}

/** The hash of the scope's entry at `seq`: to check a head written down earlier is still in the chain. */
async function entryHashAtOfAll(seq: number, scope = INSTANCE_SCOPE) {
  const head = await prisma.auditChainHead.findUnique({ where: { scope } });
  if (head && seq <= head.baseSeq) return { kind: "pruned" as const };
  const row = await prisma.auditEntry.findFirst({ where: { AND: [SCOPE_WHERE(scope), { seq }] }, select: { hash: true } });
  return row?.hash ? { kind: "found" as const, hash: row.hash } : { kind: "missing" as const };
}

/**
 * The retention's delete, kept a cut at the chain's start: every entry before the first one still
 * inside the retention (`cutoff`), and the chain's base moved to the last of them. Inside `tx`.
 */
async function cutChainBeforeOfAll(tx: Tx, cutoff: Date, scope = INSTANCE_SCOPE): Promise<number> {
  const where = SCOPE_WHERE(scope);
  await tx.auditChainHead.updateMany({ where: { scope }, data: { baseSeq: { increment: 0 } } }); // the head's lock
  const kept = await tx.auditEntry.findFirst({
    where: { AND: [where, { seq: { not: null } }, { at: { gte: cutoff } }] },
    orderBy: { seq: "asc" },
    select: { seq: true },
  });
  const last = await tx.auditEntry.findFirst({
    where: { AND: [where, { seq: kept?.seq != null ? { lt: kept.seq } : { not: null } }] },
    orderBy: { seq: "desc" },
    select: { seq: true, hash: true },
  });
  if (!last?.seq || !last.hash) return 0;
  const { count } = await tx.auditEntry.deleteMany({ where: { AND: [where, { seq: { lte: last.seq } }] } });
  await tx.auditChainHead.update({ where: { scope }, data: { baseSeq: last.seq, baseHash: last.hash } });
  return count;
}

/**
 * The migration plan's one-time backfill: chains every row written before the chain (hash NULL), in
 * (at, id) order, after the head. The no-update trigger lets a row be chained once, nothing more.
 */
async function chainUnchainedEntriesOfAll(scope = INSTANCE_SCOPE): Promise<number> {
  let chained = 0;
  for (;;) {
    const done = await prisma.$transaction(async (tx) => {
      const rows = await tx.auditEntry.findMany({
        where: { AND: [SCOPE_WHERE(scope), { hash: null }] },
        orderBy: [{ at: "asc" }, { id: "asc" }],
        select: STORED,
        take: PAGE,
      });
      for (const row of rows) {
        const head = await lockHead(tx, scope);
        const hash = entryHash({ ...row, seq: head.seq, prevHash: head.hash });
        await tx.auditEntry.update({ where: { id: row.id }, data: { seq: head.seq, prevHash: head.hash, hash } });
        await tx.auditChainHead.update({ where: { scope }, data: { hash, at: row.at } });
      }
      return rows.length;
    });
    chained += done;
    if (done < PAGE) return chained;
  }
}

// One chain holds every workspace's entries (decision 075, scope "instance"): its walks read across them
// (decision 073). An entry is still written in its own workspace (appendToChain).
export const chainHead = (...args: Parameters<typeof chainHeadOfAll>) => acrossWorkspaces(() => chainHeadOfAll(...args));
export const verifyAuditChain = (...args: Parameters<typeof verifyAuditChainOfAll>) =>
  acrossWorkspaces(() => verifyAuditChainOfAll(...args));
export const entryHashAt = (...args: Parameters<typeof entryHashAtOfAll>) => acrossWorkspaces(() => entryHashAtOfAll(...args));
export const cutChainBefore = (...args: Parameters<typeof cutChainBeforeOfAll>) => acrossWorkspaces(() => cutChainBeforeOfAll(...args));
export const chainUnchainedEntries = (...args: Parameters<typeof chainUnchainedEntriesOfAll>) =>
  acrossWorkspaces(() => chainUnchainedEntriesOfAll(...args));

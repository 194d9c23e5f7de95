// The audit log's rows (decision 043): written once where each change happens, read by Settings ›
// Audit log and its export. Append-only: the database's triggers refuse UPDATE, and DELETE of any row
// younger than the retention, whoever asks; pruneAuditLog is the one delete, of older rows only.
import { thisWorkspace } from "~/db/workspace-keys.server";
import type { Prisma } from "@prisma/client";
import { prisma } from "~/db/db.server";
import { appendToChain, cutChainBefore } from "~/models/audit-chain.server";
import { AUDIT_PAGE_SIZE, RETENTION_MIN_DAYS, type AuditFilter, type AuditInput } from "~/domain/audit";

type Db = Pick<Prisma.TransactionClient, "auditEntry" | "auditChainHead">;

const json = (value: Record<string, unknown> | null | undefined) => (value ? JSON.stringify(value) : null);

/** Records one change. Pass the transaction's client to record it with the change itself. */
export async function recordAudit(input: AuditInput, db: Db = prisma, at = new Date()): Promise<void> {
  // Appended to the hash chain (decision 075), in the caller's transaction or one of its own.
  const append = (tx: Db) =>
    appendToChain(tx, {
      at,
      actorKind: input.actor.kind,
      actorId: input.actor.id,
      actorName: input.actor.name.slice(0, 200),
      action: input.action,
      objectType: input.object.type,
      objectId: input.object.id ?? null,
      objectTitle: (input.object.title ?? "").slice(0, 300),
      before: json(input.before),
      after: json(input.after),
    });
  if (db === prisma) await prisma.$transaction((tx) => append(tx));
  else await append(db);
}

const dayStart = (day: string) => new Date(`${day}T00:00:00.000Z`);
const nextDay = (day: string) => new Date(dayStart(day).getTime() + 86_400_000);

function whereOf(filter: AuditFilter): Prisma.AuditEntryWhereInput {
  const and: Prisma.AuditEntryWhereInput[] = [];
  // A member's id, or a kind of actor that is not a member (agent, api-token, system, external).
  if (filter.actor) and.push({ OR: [{ actorId: filter.actor }, { actorKind: filter.actor }] });
  if (filter.action) and.push({ action: filter.action });
  if (filter.object)
    and.push({ OR: [{ objectId: filter.object }, { objectType: filter.object }, { objectTitle: { contains: filter.object } }] });
  if (filter.from) and.push({ at: { gte: dayStart(filter.from) } });
  if (filter.to) and.push({ at: { lt: nextDay(filter.to) } });
  return { AND: and };
}

const ROW = {
  id: true,
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

/** One page of the filtered log, newest first, and how many rows match. */
export async function listAuditEntries(filter: AuditFilter, pageSize = AUDIT_PAGE_SIZE) {
  const where = whereOf(filter);
  const [rows, total] = await Promise.all([
    prisma.auditEntry.findMany({
      where,
      orderBy: [{ at: "desc" }, { id: "desc" }],
      skip: (filter.page - 1) * pageSize,
      take: pageSize,
      select: ROW,
    }),
    prisma.auditEntry.count({ where }),
  ]);
  return { rows, total, pageSize };
}

/** The export's ceiling: a bigger selection is refused (narrow the dates), never cut short. */
export const AUDIT_EXPORT_MAX = 50_000;

/** Every row the filter matches, newest first, for the export; refused when more than `max` match. */
export async function exportAuditEntries(filter: AuditFilter, max = AUDIT_EXPORT_MAX) {
  const where = whereOf(filter);
  const total = await prisma.auditEntry.count({ where });
  if (total > max) return { ok: false as const, total };
  const rows = await prisma.auditEntry.findMany({ where, orderBy: [{ at: "desc" }, { id: "desc" }], select: ROW });
  return { ok: true as const, rows };
}

/** Everyone who can appear as a member in this workspace's log, removed members too (without scanning the log). */
export function auditMembers() {
  return prisma.user.findMany({
    where: { memberships: { some: thisWorkspace() } },
    select: { id: true, name: true, email: true, status: true },
    orderBy: [{ name: "asc" }, { email: "asc" }],
  });
}

export async function getAuditRetentionDays(): Promise<number> {
  const row = await prisma.settings.findUnique({ where: thisWorkspace(), select: { auditRetentionDays: true } });
  return row?.auditRetentionDays ?? 365;
}

/** Saves the retention and records the change in the same transaction. */
export async function setAuditRetentionDays(days: number, input: Omit<AuditInput, "before" | "after" | "action" | "object">) {
  await prisma.$transaction(async (tx) => {
    const before = await tx.settings.findUniqueOrThrow({ where: thisWorkspace(), select: { auditRetentionDays: true } });
    await tx.settings.update({ where: thisWorkspace(), data: { auditRetentionDays: days } });
    if (before.auditRetentionDays !== days)
      await recordAudit(
        {
          ...input,
          action: "settings.changed",
          object: { type: "settings", id: "audit", title: "Audit log retention" },
          before: { auditRetentionDays: before.auditRetentionDays },
          after: { auditRetentionDays: days },
        },
        tx,
      );
  });
}

/**
 * The retention job's delete: rows older than the retention, from the chain's start up to the first
 * row still inside it (decision 075). The trigger checks the same cutoff itself, so this is the only
 * kind of delete it lets through.
 */
export async function pruneAuditLog(now = new Date()): Promise<number> {
  const days = Math.max(RETENTION_MIN_DAYS, await getAuditRetentionDays());
  const cutoff = new Date(now.getTime() - days * 86_400_000);
  return prisma.$transaction((tx) => cutChainBefore(tx, cutoff));
}

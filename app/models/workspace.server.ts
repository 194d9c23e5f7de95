// The Owner's workspaces (decision 079): list, create, rename, delete. Instance-level work, so every
// query runs across workspaces and names the workspace itself; each change writes one entry in the
// instance's audit log (workspaceId "", which no workspace reads).
import type { Prisma } from "@prisma/client";
import { prisma } from "~/db/db.server";
import { byteStore } from "~/db/byte-store.server";
import { delegateIn, OWNED_TABLES } from "~/db/owned-tables.server";
import { acrossWorkspaces } from "~/db/workspace-scope.server";
import { memberActor, type AuditInput } from "~/domain/audit";
import { removedRuns } from "~/domain/audit-chain";
import { refusal, type Refusal } from "~/domain/reply";
import { IMAGE_TYPES, isImageType } from "~/domain/uploads";
import { CONFIRM_MISMATCH, LAST_WORKSPACE, NAME_TAKEN, NO_WORKSPACE } from "~/domain/workspace-forms";
import { recordAudit } from "~/models/audit.server";
import { createWorkspaceDefaults } from "~/models/workspace-defaults.server";

type Tx = Prisma.TransactionClient;
type Owner = { id: string; name: string };
type Done = { ok: true; id: string; name: string };

// A workspace's delete touches every table it owns; more than the 5 s an interactive transaction gets.
const LONG = { timeout: 120_000 };

/** Writes one entry in the instance's own log (workspace ""), in the caller's transaction. */
export const recordInstanceAudit = (input: AuditInput, tx: Tx) => acrossWorkspaces(() => recordAudit(input, tx));

/** Every workspace with its active members and its items, oldest first. */
export function listWorkspacesForOwner() {
  return acrossWorkspaces(async () => {
    const [workspaces, members, items] = await Promise.all([
      prisma.workspace.findMany({ orderBy: [{ createdAt: "asc" }, { id: "asc" }], select: { id: true, name: true, createdAt: true } }),
      prisma.membership.groupBy({ by: ["workspaceId"], where: { status: "active" }, _count: { _all: true } }),
      prisma.contentItem.groupBy({ by: ["workspaceId"], _count: { _all: true } }),
    ]);
    const countOf = (rows: { workspaceId: string; _count: { _all: number } }[], id: string) =>
      rows.find((r) => r.workspaceId === id)?._count._all ?? 0;
    return workspaces.map((w) => ({ ...w, members: countOf(members, w.id), items: countOf(items, w.id) }));
  });
}

/** The instance's own audit entries (workspaces made, renamed, deleted), newest first. */
export function listInstanceAudit(take = 20) {
  return acrossWorkspaces(() =>
    prisma.auditEntry.findMany({
      where: { workspaceId: "" },
      orderBy: [{ at: "desc" }, { id: "desc" }],
      take,
      select: { id: true, at: true, actorName: true, action: true, objectTitle: true, before: true, after: true },
    }),
  );
}

const sameName = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

async function nameTaken(tx: Tx, name: string, except?: string) {
  const all = await tx.workspace.findMany({ select: { id: true, name: true } });
  return all.some((w) => w.id !== except && sameName(w.name, name));
}

/** A new workspace: the Owner its Admin, its default rows, one audit entry; all or nothing. */
export function createWorkspace(name: string, owner: Owner): Promise<Done | Refusal> {
  return acrossWorkspaces(() =>
    prisma.$transaction(async (tx) => {
      if (await nameTaken(tx, name)) return refusal("conflict", NAME_TAKEN);
      const made = await tx.workspace.create({ data: { name }, select: { id: true, name: true } });
      await tx.membership.create({ data: { workspaceId: made.id, userId: owner.id, role: "Admin" } });
      await createWorkspaceDefaults(made.id, tx, name);
      await recordInstanceAudit(
        { actor: memberActor(owner), action: "workspace.created", object: { type: "workspace", id: made.id, title: name } },
        tx,
      );
      return { ok: true as const, ...made };
    }, LONG),
  );
}

export function renameWorkspace(id: string, name: string, owner: Owner): Promise<Done | Refusal> {
  return acrossWorkspaces(() =>
    prisma.$transaction(async (tx) => {
      const before = await tx.workspace.findUnique({ where: { id }, select: { name: true } });
      if (!before) return refusal("not-found", NO_WORKSPACE);
      if (await nameTaken(tx, name, id)) return refusal("conflict", NAME_TAKEN);
      if (before.name === name) return { ok: true as const, id, name };
      await tx.workspace.update({ where: { id }, data: { name } });
      await recordInstanceAudit(
        {
          actor: memberActor(owner),
          action: "workspace.renamed",
          object: { type: "workspace", id, title: name },
          before: { name: before.name },
          after: { name },
        },
        tx,
      );
      return { ok: true as const, id, name };
    }),
  );
}

type Deleted = { ok: true; id: string; name: string; rows: number; files: number };

/**
 * Deletes the workspace and everything it holds (decision 079): in one transaction the Workspace row
 * first (the audit log's trigger then lets its entries go), the sessions working in it moved to another
 * of their member's workspaces or ended, every owned table's rows, and the instance's audit entry; then
 * the upload bytes no other workspace's upload names. `confirm` must be the workspace's exact name.
 */
export function deleteWorkspace(id: string, confirm: string, owner: Owner): Promise<Deleted | (Refusal & { field?: "confirm" })> {
  return acrossWorkspaces(async () => {
    const result = await prisma.$transaction(async (tx) => {
      const workspace = await tx.workspace.findUnique({ where: { id }, select: { name: true } });
      if (!workspace) return refusal("not-found", NO_WORKSPACE);
      if (confirm !== workspace.name) return { ...refusal("invalid", CONFIRM_MISMATCH), field: "confirm" as const };
      if ((await tx.workspace.count()) <= 1) return refusal("conflict", LAST_WORKSPACE);
      const uploads = await tx.upload.findMany({ where: { workspaceId: id }, select: { sha256: true, mime: true } });
      // Its audit entries leave the one chain: the instance's entry names the runs, so the chain still verifies.
      const chainGaps = removedRuns(await tx.auditEntry.findMany({ where: { workspaceId: id }, select: { seq: true, hash: true } }));
      await tx.workspace.delete({ where: { id } });
      await moveSessionsOut(tx, id);
      let rows = 0;
      for (const table of OWNED_TABLES.filter((t) => !t.via.parent))
        rows += (await delegateIn(tx, table).deleteMany({ where: { workspaceId: id } })).count;
      await recordInstanceAudit(
        {
          actor: memberActor(owner),
          action: "workspace.deleted",
          object: { type: "workspace", id, title: workspace.name },
          before: { name: workspace.name, rows, chainGaps },
        },
        tx,
      );
      return { ok: true as const, id, name: workspace.name, rows, uploads };
    }, LONG);
    if (!result.ok) return result;
    const files = await dropUnusedBytes(result.uploads);
    return { ok: true as const, id: result.id, name: result.name, rows: result.rows, files };
  });
}

/** Sessions working in the workspace go to their member's oldest other workspace, or end. */
async function moveSessionsOut(tx: Tx, workspaceId: string) {
  const sessions = await tx.session.findMany({ where: { workspaceId }, select: { id: true, userId: true } });
  for (const session of sessions) {
    const other = await tx.membership.findFirst({
      where: { userId: session.userId, status: "active", workspaceId: { not: workspaceId } },
      orderBy: [{ createdAt: "asc" }, { workspaceId: "asc" }],
      select: { workspaceId: true },
    });
    if (other) await tx.session.update({ where: { id: session.id }, data: { workspaceId: other.workspaceId } });
    else await tx.session.delete({ where: { id: session.id } });
  }
}

/** The deleted uploads' bytes that no remaining upload names (the same image may be another workspace's). */
async function dropUnusedBytes(uploads: { sha256: string; mime: string }[]) {
  let dropped = 0;
  const seen = new Set<string>();
  for (const { sha256, mime } of uploads) {
    if (seen.has(sha256) || !isImageType(mime)) continue;
    seen.add(sha256);
    if (await prisma.upload.count({ where: { sha256 } })) continue;
    await byteStore().dropBytes(sha256, IMAGE_TYPES[mime]);
    dropped += 1;
  }
  return dropped;
}

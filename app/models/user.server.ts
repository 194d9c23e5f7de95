import type { Role } from "~/domain/content";
import { teamChangeError, type TeamChange } from "~/domain/team";
import { prisma } from "~/db/db.server";
import type { AuditActor } from "~/domain/audit";
import { recordAudit } from "~/models/audit.server";
import { z } from "zod/v4";
import { col, parseRows } from "~/db/db-row.server";
import { hotReads } from "~/db/hot-reads.server";

export const ONLINE_WINDOW_MS = 15 * 60 * 1000;

const MEMBER = { id: true, name: true, email: true, role: true, title: true, status: true, lastSeenAt: true } as const;

export function findUserForSignIn(email: string) {
  return prisma.user.findUnique({ where: { email }, select: { id: true, name: true, status: true, passwordHash: true } });
}

export function getPasswordHash(userId: string) {
  return prisma.user.findUnique({ where: { id: userId }, select: { passwordHash: true } }).then((u) => u?.passwordHash ?? null);
}

export function setPasswordHash(userId: string, passwordHash: string) {
  return prisma.user.update({ where: { id: userId }, data: { passwordHash }, select: { id: true } });
}

/**
 * The team for the sidebar's Team Online block: every active member, those with a live session first (a
 * session not expired and used in the online window), each marked. A last-seen time alone (the seed's)
 * puts nobody online.
 */
// Runs on every page (the sidebar, from the root loader): a hot read (decision 011).
const TeamOnlineRow = z.object({ id: col.text, name: col.text, live: col.bool });

export async function listTeamOnline(now = new Date()) {
  return parseRows(TeamOnlineRow, await hotReads().teamOnlineRows(now, new Date(now.getTime() - ONLINE_WINDOW_MS)));
}

/** Active and invited members; removed members keep their content but leave the list. */
export function listTeam() {
  return prisma.user.findMany({ where: { status: { not: "removed" } }, select: MEMBER, orderBy: { createdAt: "asc" } });
}

export type TeamChangeResult = { ok: true } | { ok: false; kind: "not-found" | "conflict"; error: string };

/** Changes a member's role or removes them (ending their sessions), never leaving the team without an Admin. */
/** A role change or a removal, recorded in the audit log with the change (role before → after). */
export function changeMember(userId: string, change: TeamChange, actor: AuditActor): Promise<TeamChangeResult> {
  return prisma.$transaction(async (tx) => {
    const target = await tx.user.findUnique({ where: { id: userId }, select: { role: true, status: true, name: true, email: true } });
    if (!target || target.status === "removed") return { ok: false, kind: "not-found", error: "That member no longer exists." };
    const admins = await tx.user.count({ where: { role: "Admin", status: "active" } });
    const error = teamChangeError(target, change, admins);
    if (error) return { ok: false, kind: "conflict", error };
    if (change.kind === "role") {
      await tx.user.update({ where: { id: userId }, data: { role: change.role }, select: { id: true } });
    } else {
      await tx.session.deleteMany({ where: { userId } });
      await tx.invitation.deleteMany({ where: { userId } });
      await tx.user.update({ where: { id: userId }, data: { status: "removed", passwordHash: null }, select: { id: true } });
    }
    const role = change.kind === "role";
    await recordAudit(
      {
        actor,
        action: role ? "team.role-changed" : "team.removed",
        object: { type: "member", id: userId, title: target.name || target.email },
        before: { role: target.role, status: target.status },
        after: role ? { role: change.role, status: target.status } : { role: target.role, status: "removed" },
      },
      tx,
    );
    return { ok: true };
  });
}

export type { Role };

/** Active members by name, for @mentions. */
export function listMentionable() {
  return prisma.user.findMany({ where: { status: "active" }, select: { id: true, name: true }, orderBy: { name: "asc" } });
}

/** Members who wrote at least one item, by name (the calendar's author filter). */
export function contentAuthors() {
  return prisma.user.findMany({ where: { content: { some: {} } }, select: { id: true, name: true }, orderBy: { name: "asc" } });
}

import type { Role } from "~/domain/content";
import { teamChangeError, type TeamChange } from "~/domain/team";
import { prisma } from "~/db/db.server";
import type { AuditActor } from "~/domain/audit";
import { recordAudit } from "~/models/audit.server";
import { z } from "zod/v4";
import { col, parseRows } from "~/db/db-row.server";
import { hotReads } from "~/db/hot-reads.server";
import { acrossWorkspaces, currentWorkspaceId } from "~/db/workspace-scope.server";

export const ONLINE_WINDOW_MS = 15 * 60 * 1000;

// A member is a membership of the workspace in scope with its account (decision 073).
const MEMBERSHIP = {
  role: true,
  status: true,
  user: { select: { id: true, name: true, email: true, title: true, lastSeenAt: true } },
} as const;

type MembershipRow = {
  role: string;
  status: string;
  user: { id: string; name: string; email: string; title: string; lastSeenAt: Date | null };
};
const asMember = ({ role, status, user }: MembershipRow) => ({ ...user, role, status });

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
  const since = new Date(now.getTime() - ONLINE_WINDOW_MS);
  return parseRows(TeamOnlineRow, await hotReads().teamOnlineRows(currentWorkspaceId(), now, since));
}

/** Active and invited members; removed members keep their content but leave the list. */
export async function listTeam() {
  const rows = await prisma.membership.findMany({
    where: { status: { not: "removed" } },
    select: MEMBERSHIP,
    orderBy: { createdAt: "asc" },
  });
  return rows.map(asMember);
}

/** The active members with one of these roles (all active members without roles). */
export async function activeMembers(roles?: readonly string[]) {
  const live = { status: "active", user: { status: "active" } };
  const where = roles ? { ...live, role: { in: [...roles] } } : live;
  const rows = await prisma.membership.findMany({ where, select: MEMBERSHIP, orderBy: { createdAt: "asc" } });
  return rows.map(asMember);
}

export type TeamChangeResult = { ok: true } | { ok: false; kind: "not-found" | "conflict"; error: string };

/** Changes a member's role or removes them (ending their sessions), never leaving the team without an Admin. */
/** A role change or a removal, recorded in the audit log with the change (role before → after). */
export function changeMember(userId: string, change: TeamChange, actor: AuditActor): Promise<TeamChangeResult> {
  const workspaceId = currentWorkspaceId();
  return prisma.$transaction(async (tx) => {
    const found = await tx.membership.findUnique({ where: { workspaceId_userId: { workspaceId, userId } }, select: MEMBERSHIP });
    if (!found || found.status === "removed") return { ok: false, kind: "not-found", error: "That member no longer exists." };
    const target = asMember(found);
    const admins = await tx.membership.count({ where: { role: "Admin", status: "active" } });
    const error = teamChangeError(target, change, admins);
    if (error) return { ok: false, kind: "conflict", error };
    const key = { workspaceId_userId: { workspaceId, userId } };
    if (change.kind === "role") {
      await tx.membership.update({ where: key, data: { role: change.role }, select: { userId: true } });
    } else {
      // Only this workspace: their sessions here end, their other memberships stay (decision 073).
      await tx.membership.update({ where: key, data: { status: "removed" }, select: { userId: true } });
      await tx.session.deleteMany({ where: { userId, workspaceId } });
      const others = await acrossWorkspaces(() => tx.membership.count({ where: { userId, status: { not: "removed" } } }));
      if (others === 0) {
        await tx.invitation.deleteMany({ where: { userId } });
        await tx.user.update({ where: { id: userId }, data: { status: "removed", passwordHash: null }, select: { id: true } });
      }
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
export async function listMentionable() {
  const members = await activeMembers();
  return members.map(({ id, name }) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
}

/** Members who wrote at least one item of this workspace, by name (the calendar's author filter). */
export async function contentAuthors() {
  const rows = await prisma.contentItem.findMany({ distinct: ["authorId"], select: { author: { select: { id: true, name: true } } } });
  return rows.map((r) => r.author).sort((a, b) => a.name.localeCompare(b.name));
}

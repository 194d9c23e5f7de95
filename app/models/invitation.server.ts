import type { Role } from "~/domain/content";
import { prisma } from "~/db/db.server";
import { recordAudit } from "~/models/audit.server";
import { hashToken, newToken } from "~/crypto/tokens.server";
import { open, seal } from "~/crypto/secret-box.server";
import { createInTransaction, recordClaim } from "~/models/idempotency.server";
import { acrossWorkspaces, currentWorkspaceId, enterWorkspaceOf, withWorkspace } from "~/db/workspace-scope.server";

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export type InviteResult =
  { ok: true; token: string; userId: string } | { ok: true; token: null; userId: string; added: true } | { ok: false; error: string };

type Tx = Parameters<Parameters<typeof createInTransaction>[0]>[0];

/** This workspace's membership of the account, made or brought back with the role. */
async function joinWorkspace(tx: Tx, userId: string, role: Role, status: "active" | "invited", now: Date) {
  const key = { workspaceId_userId: { workspaceId: currentWorkspaceId(), userId } };
  await tx.membership.upsert({
    where: key,
    create: { userId, role, status, createdAt: now },
    update: { role, status },
    select: { userId: true },
  });
}

/**
 * Invites an email to the workspace in scope (decision 073). An account that can sign in is added at
 * once (no link, no second password); a new email, or one still waiting, gets a one-time link (only
 * its hash is stored). An email already active or invited here cannot be invited again.
 */
export function createInvitation(input: { email: string; role: Role; invitedById: string; now?: Date }): Promise<InviteResult> {
  const now = input.now ?? new Date();
  const token = newToken();
  return createInTransaction(async (tx) => {
    const existing = await tx.user.findUnique({ where: { email: input.email }, select: { id: true, status: true } });
    const here = existing
      ? await tx.membership.findUnique({
          where: { workspaceId_userId: { workspaceId: currentWorkspaceId(), userId: existing.id } },
          select: { status: true },
        })
      : null;
    if (here?.status === "active") return { ok: false, error: `${input.email} is already a member of the team.` };
    if (here?.status === "invited")
      return { ok: false, error: `${input.email} has already been invited. Use “New link” on their row to invite them again.` };
    if (existing?.status === "active") {
      await joinWorkspace(tx, existing.id, input.role, "active", now);
      await recordClaim(tx, `${existing.id} added`);
      return { ok: true, token: null, userId: existing.id, added: true };
    }
    const user = existing
      ? await tx.user.update({ where: { id: existing.id }, data: { status: "invited", passwordHash: null }, select: { id: true } })
      : await tx.user.create({
          data: { email: input.email, name: input.email.split("@")[0], status: "invited", title: "", createdAt: now },
          select: { id: true },
        });
    await joinWorkspace(tx, user.id, input.role, "invited", now);
    const link = {
      tokenHash: hashToken(token),
      invitedById: input.invitedById,
      createdAt: now,
      expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
    };
    await tx.invitation.upsert({ where: { userId: user.id }, create: { userId: user.id, ...link }, update: link });
    // With an idempotency key pending, the link's token is kept sealed beside it, so a retry shows the same link (decision 064).
    await recordClaim(tx, `${user.id} ${seal(token)}`);
    return { ok: true, token, userId: user.id };
  });
}

/** The invitation a retried invite answers with, from what its key recorded; null if it cannot be opened. */
export function invitationMadeBefore(claimed: string): { token: string | null; userId: string } | null {
  const [userId, sealed] = claimed.split(" ");
  if (userId && sealed === "added") return { token: null, userId };
  const token = open(sealed ?? "");
  return token && userId ? { token, userId } : null;
}

/** A fresh link for a member who is still invited; the old link stops working. */
export async function renewInvitation(userId: string, invitedById: string, now = new Date()) {
  const token = newToken();
  const user = await prisma.user.findUnique({ where: { id: userId }, select: { status: true, email: true } });
  const here = await prisma.membership.findUnique({
    where: { workspaceId_userId: { workspaceId: currentWorkspaceId(), userId } },
    select: { status: true },
  });
  if (user?.status !== "invited" || here?.status !== "invited") return null;
  await prisma.invitation.upsert({
    where: { userId },
    create: { userId, tokenHash: hashToken(token), invitedById, createdAt: now, expiresAt: new Date(now.getTime() + INVITATION_TTL_MS) },
    update: { tokenHash: hashToken(token), invitedById, createdAt: now, expiresAt: new Date(now.getTime() + INVITATION_TTL_MS) },
  });
  return { token, email: user.email };
}

/** The pending invitation behind a link, if it is still valid. */
export async function findInvitation(token: string, now = new Date()) {
  // From any workspace: the request then works in the invitation's (decision 073).
  const invitation = await enterWorkspaceOf(() =>
    prisma.invitation.findUnique({
      where: { tokenHash: hashToken(token) },
      select: { workspaceId: true, userId: true, expiresAt: true, user: { select: { id: true, email: true, status: true } } },
    }),
  );
  if (!invitation || invitation.expiresAt <= now || invitation.user.status !== "invited") return null;
  const here = await prisma.membership.findUnique({
    where: { workspaceId_userId: { workspaceId: invitation.workspaceId, userId: invitation.userId } },
    select: { role: true },
  });
  return { ...invitation.user, role: here?.role ?? "Writer" };
}

/** Turns the invitation into an active member; the link works once. */
export async function acceptInvitation(token: string, input: { name: string; passwordHash: string }, now = new Date()) {
  await enterWorkspaceOf(() => prisma.invitation.findUnique({ where: { tokenHash: hashToken(token) }, select: { workspaceId: true } }));
  return prisma.$transaction(async (tx) => {
    const invitation = await tx.invitation.findUnique({
      where: { tokenHash: hashToken(token) },
      select: { userId: true, expiresAt: true },
    });
    if (!invitation || invitation.expiresAt <= now) return null;
    await tx.invitation.delete({ where: { userId: invitation.userId } });
    const user = await tx.user.update({
      where: { id: invitation.userId, status: "invited" },
      data: { name: input.name, passwordHash: input.passwordHash, status: "active" },
      select: { id: true, email: true },
    });
    // Every workspace that invited them is joined, each recording it in its own log (decision 073).
    const waiting = await acrossWorkspaces(() =>
      tx.membership.findMany({ where: { userId: user.id, status: "invited" }, select: { workspaceId: true, role: true } }),
    );
    for (const { workspaceId, role } of waiting)
      await withWorkspace(workspaceId, async () => {
        await tx.membership.update({ where: { workspaceId_userId: { workspaceId, userId: user.id } }, data: { status: "active" } });
        await recordAudit(
          {
            actor: { kind: "member", id: user.id, name: input.name },
            action: "team.joined",
            object: { type: "member", id: user.id, title: user.email },
            after: { role },
          },
          tx,
        );
      });
    return user.id;
  });
}

import type { Role } from "~/domain/content";
import { prisma } from "~/db/db.server";
import { recordAudit } from "~/models/audit.server";
import { hashToken, newToken } from "~/crypto/tokens.server";
import { open, seal } from "~/crypto/secret-box.server";
import { createInTransaction, recordClaim } from "~/models/idempotency.server";
import { enterWorkspaceOf } from "~/db/workspace-scope.server";

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export type InviteResult = { ok: true; token: string; userId: string } | { ok: false; error: string };

/**
 * Creates an invited member with a one-time token (only its hash is stored). A removed
 * member's email can be invited again; an active or already invited one cannot.
 */
export function createInvitation(input: { email: string; role: Role; invitedById: string; now?: Date }): Promise<InviteResult> {
  const now = input.now ?? new Date();
  const token = newToken();
  return createInTransaction(async (tx) => {
    const existing = await tx.user.findUnique({ where: { email: input.email }, select: { id: true, status: true } });
    if (existing?.status === "active") return { ok: false, error: `${input.email} is already a member of the team.` };
    if (existing?.status === "invited")
      return { ok: false, error: `${input.email} has already been invited. Use “New link” on their row to invite them again.` };
    const data = { role: input.role, status: "invited", passwordHash: null, title: "" };
    const user = existing
      ? await tx.user.update({ where: { id: existing.id }, data, select: { id: true } })
      : await tx.user.create({
          data: { ...data, email: input.email, name: input.email.split("@")[0], createdAt: now },
          select: { id: true },
        });
    await tx.invitation.create({
      data: {
        userId: user.id,
        tokenHash: hashToken(token),
        invitedById: input.invitedById,
        createdAt: now,
        expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
      },
    });
    // With an idempotency key pending, the link's token is kept sealed beside it, so a retry shows the same link (decision 064).
    await recordClaim(tx, `${user.id} ${seal(token)}`);
    return { ok: true, token, userId: user.id };
  });
}

/** The invitation a retried invite answers with, from what its key recorded; null if it cannot be opened. */
export function invitationMadeBefore(claimed: string): { token: string; userId: string } | null {
  const [userId, sealed] = claimed.split(" ");
  const token = open(sealed ?? "");
  return token && userId ? { token, userId } : null;
}

/** A fresh link for a member who is still invited; the old link stops working. */
export async function renewInvitation(userId: string, invitedById: string, now = new Date()) {
  const token = newToken();
  const user = await prisma.user.findUnique({ where: { id: userId }, select: { status: true, email: true } });
  if (user?.status !== "invited") return null;
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
      select: { workspaceId: true, expiresAt: true, user: { select: { id: true, email: true, role: true, status: true } } },
    }),
  );
  if (!invitation || invitation.expiresAt <= now || invitation.user.status !== "invited") return null;
  return invitation.user;
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
      select: { id: true, email: true, role: true },
    });
    await recordAudit(
      {
        actor: { kind: "member", id: user.id, name: input.name },
        action: "team.joined",
        object: { type: "member", id: user.id, title: user.email },
        after: { role: user.role },
      },
      tx,
    );
    return user.id;
  });
}

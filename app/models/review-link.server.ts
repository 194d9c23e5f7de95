// Review links for someone without an account: only the token's hash is stored (issue 37).
import { prisma } from "~/db/db.server";
import { createInTransaction, recordClaim } from "~/models/idempotency.server";
import { enterWorkspaceOf } from "~/db/workspace-scope.server";

/** `sealedToken`, when given, is recorded with the request's idempotency key, so a retry can show the same link (decision 064). */
export function createReviewLink(input: {
  contentId: string;
  tokenHash: string;
  createdById: string;
  fingerprint: string;
  now: Date;
  expiresAt: Date;
  sealedToken?: string;
}) {
  const { now, sealedToken, ...data } = input;
  return createInTransaction(async (tx) => {
    const made = await tx.reviewLink.create({ data: { ...data, createdAt: now }, select: { id: true } });
    await recordClaim(tx, sealedToken ? `${made.id} ${sealedToken}` : made.id);
    return made;
  });
}

export function getReviewLinkExpiry(id: string) {
  return prisma.reviewLink.findUnique({ where: { id }, select: { expiresAt: true } });
}

/** The link behind a token, from any workspace: the request then works in the link's (decision 073). */
export function findReviewLinkByHash(tokenHash: string) {
  return enterWorkspaceOf(() =>
    prisma.reviewLink.findUnique({
      where: { tokenHash },
      select: { id: true, workspaceId: true, contentId: true, tokenHash: true, fingerprint: true, expiresAt: true, revokedAt: true },
    }),
  );
}

export function listReviewLinks(contentId: string) {
  return prisma.reviewLink.findMany({
    where: { contentId },
    orderBy: { createdAt: "desc" },
    select: { id: true, createdAt: true, expiresAt: true, revokedAt: true },
  });
}

/** Revokes a link of this item; false when there is none (or it is another item's). */
export async function revokeReviewLink(contentId: string, linkId: string, now: Date) {
  const { count } = await prisma.reviewLink.updateMany({ where: { id: linkId, contentId, revokedAt: null }, data: { revokedAt: now } });
  return count > 0;
}

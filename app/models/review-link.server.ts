// Review links for someone without an account: only the token's hash is stored (issue 37).
import { prisma } from "~/db/db.server";

export function createReviewLink(input: {
  contentId: string;
  tokenHash: string;
  createdById: string;
  fingerprint: string;
  now: Date;
  expiresAt: Date;
}) {
  const { now, ...data } = input;
  return prisma.reviewLink.create({ data: { ...data, createdAt: now }, select: { id: true } });
}

export function findReviewLinkByHash(tokenHash: string) {
  return prisma.reviewLink.findUnique({
    where: { tokenHash },
    select: { id: true, contentId: true, tokenHash: true, fingerprint: true, expiresAt: true, revokedAt: true },
  });
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

import { prisma } from "~/db/db.server";

/** History's order: newest first (ties, as when agent steps land in one instant, by version then id). */
const NEWEST_FIRST = [{ createdAt: "desc" as const }, { version: "desc" as const }, { id: "desc" as const }];

export function listRevisions(contentId: string, take = 50) {
  return prisma.contentRevision.findMany({
    where: { contentId },
    orderBy: NEWEST_FIRST,
    take,
    select: {
      id: true,
      version: true,
      label: true,
      agentName: true,
      wordsAdded: true,
      wordsRemoved: true,
      createdAt: true,
      updatedAt: true,
      author: { select: { name: true } },
    },
  });
}

export function countRevisions(contentId: string) {
  return prisma.contentRevision.count({ where: { contentId } });
}

/** A revision's number in History (the oldest is 1), or null when it is not the item's. */
export async function revisionNumber(contentId: string, revisionId: string) {
  const ids = await prisma.contentRevision.findMany({ where: { contentId }, orderBy: NEWEST_FIRST, select: { id: true } });
  const at = ids.findIndex((r) => r.id === revisionId);
  return at < 0 ? null : ids.length - at;
}

/** One of the item's revisions (null when it is not the item's), for restoring it. */
export function getItemRevision(contentId: string, revisionId: string) {
  return prisma.contentRevision.findFirst({ where: { id: revisionId, contentId }, select: { body: true, version: true } });
}

/** One revision's text, for previewing it before a restore. */
export function getRevisionText(id: string) {
  return prisma.contentRevision.findUnique({ where: { id }, select: { body: true, version: true, contentId: true } });
}

import { prisma } from "~/db/db.server";

export function listRevisions(contentId: string, take = 50) {
  return prisma.contentRevision.findMany({
    where: { contentId },
    orderBy: [{ createdAt: "desc" }, { version: "desc" }],
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

/** One revision's text, for previewing it before a restore. */
export function getRevisionText(id: string) {
  return prisma.contentRevision.findUnique({ where: { id }, select: { body: true, version: true, contentId: true } });
}

import { prisma } from "~/db.server";

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

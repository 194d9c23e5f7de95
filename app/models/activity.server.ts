import { prisma } from "~/db/db.server";

export function recentActivity(take: number) {
  return prisma.activityEvent.findMany({
    orderBy: { createdAt: "desc" },
    take,
    select: { id: true, type: true, action: true, target: true, contentId: true, createdAt: true, user: { select: { name: true } } },
  });
}

export function commentsFor(contentId: string) {
  return prisma.comment.findMany({
    where: { contentId },
    orderBy: { createdAt: "desc" },
    select: {
      id: true,
      parentId: true,
      body: true,
      quote: true,
      anchor: true,
      createdAt: true,
      resolvedAt: true,
      resolveNote: true,
      agentName: true,
      resolver: { select: { name: true } },
      author: { select: { id: true, name: true } },
    },
  });
}

/** Members who edited or commented on the item, or have it open (`alsoIds`), most recently seen first. */
export async function collaboratorsOf(contentId: string, alsoIds: Iterable<string> = []) {
  const [events, comments] = await Promise.all([
    prisma.activityEvent.findMany({ where: { contentId }, select: { userId: true }, distinct: ["userId"] }),
    prisma.comment.findMany({ where: { contentId }, select: { authorId: true }, distinct: ["authorId"] }),
  ]);
  const ids = [...new Set([...events.map((e) => e.userId), ...comments.map((c) => c.authorId), ...alsoIds])];
  return prisma.user.findMany({
    where: { id: { in: ids }, status: { not: "removed" } },
    select: { id: true, name: true, lastSeenAt: true },
    orderBy: { lastSeenAt: "desc" },
  });
}

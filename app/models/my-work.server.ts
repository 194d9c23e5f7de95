import { prisma } from "~/db/db.server";
import { acrossWorkspaces } from "~/db/workspace-scope.server";

/** The workspaces a person is an active member of, with their role there (decision 073). */
export function membershipsOf(userId: string) {
  return acrossWorkspaces(async () => {
    const rows = await prisma.membership.findMany({
      where: { userId, status: "active" },
      orderBy: [{ createdAt: "asc" }, { workspaceId: "asc" }],
      select: { workspaceId: true, role: true },
    });
    const names = await prisma.workspace.findMany({
      where: { id: { in: rows.map((r) => r.workspaceId) } },
      select: { id: true, name: true },
    });
    return rows.map((r) => ({ ...r, name: names.find((w) => w.id === r.workspaceId)?.name ?? "" }));
  });
}

/** Items in review in the workspace in scope, oldest first. */
export function itemsInReview(take = 100) {
  return prisma.contentItem.findMany({
    where: { status: "review" },
    orderBy: [{ updatedAt: "asc" }, { id: "asc" }],
    select: { id: true, title: true, authorId: true },
    take,
  });
}

/** What goes out in [from, to) of the person's own items or posts: scheduled publishes and channel posts. */
export async function dueBetween(userId: string, from: Date, to: Date) {
  const mine = { OR: [{ content: { authorId: userId } }, { scheduledById: userId }] };
  const [publishes, posts] = await Promise.all([
    prisma.publishSchedule.findMany({
      where: { publishAt: { gte: from, lt: to }, ...mine },
      select: { publishAt: true, content: { select: { id: true, title: true } } },
    }),
    prisma.channelPost.findMany({
      where: { status: "scheduled", scheduledAt: { gte: from, lt: to }, OR: [{ content: { authorId: userId } }, { createdById: userId }] },
      select: { channel: true, scheduledAt: true, content: { select: { id: true, title: true } } },
    }),
  ]);
  return [
    ...publishes.map((p) => ({ at: p.publishAt, what: "Publishes", item: p.content })),
    ...posts.map((p) => ({ at: p.scheduledAt!, what: `Posts to ${p.channel}`, item: p.content })),
  ].sort((a, b) => a.at.getTime() - b.at.getTime());
}

/** Failed or missed channel posts of the person's items or posts. */
export function failedPostsOf(userId: string, take = 50) {
  return prisma.channelPost.findMany({
    where: { status: { in: ["failed", "missed"] }, OR: [{ content: { authorId: userId } }, { createdById: userId }] },
    orderBy: [{ updatedAt: "desc" }, { id: "asc" }],
    select: { channel: true, status: true, lastError: true, content: { select: { id: true, title: true } } },
    take,
  });
}

/** The zone the workspace shows times in (UTC until its settings say). */
export async function workspaceTimeZone(): Promise<string> {
  return (await prisma.settings.findFirst({ select: { timeZone: true } }))?.timeZone ?? "UTC";
}

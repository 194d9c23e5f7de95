import { prisma } from "~/db.server";

export type SaveResult =
  | { ok: true; version: number; updatedAt: Date }
  | { ok: false; reason: "missing" }
  | { ok: false; reason: "conflict"; current: { body: string; version: number } };

/** Saves the body only if the caller saw the latest version (optimistic concurrency). */
export async function saveBody(id: string, body: string, version: number, userId: string): Promise<SaveResult> {
  return prisma.$transaction(async (tx) => {
    const updated = await tx.contentItem.updateMany({
      where: { id, version },
      data: { body, version: { increment: 1 } },
    });
    const row = await tx.contentItem.findUnique({ where: { id }, select: { body: true, version: true, updatedAt: true, title: true } });
    if (!row) return { ok: false, reason: "missing" } as const;
    if (updated.count === 0) return { ok: false, reason: "conflict", current: { body: row.body, version: row.version } } as const;
    await tx.user.update({ where: { id: userId }, data: { lastSeenAt: new Date() } });
    return { ok: true, version: row.version, updatedAt: row.updatedAt } as const;
  });
}

export async function addComment(contentId: string, authorId: string, body: string) {
  return prisma.$transaction(async (tx) => {
    const item = await tx.contentItem.findUnique({ where: { id: contentId }, select: { title: true } });
    if (!item) return null;
    const comment = await tx.comment.create({ data: { contentId, authorId, body }, select: { id: true } });
    await tx.activityEvent.create({ data: { type: "comment", action: "commented on", target: item.title, userId: authorId, contentId } });
    return { ...comment, title: item.title };
  });
}

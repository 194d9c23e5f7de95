import { prisma } from "~/db.server";

/** A member counts as having an item open while their editor's heartbeat is this fresh. */
export const PRESENCE_WINDOW_MS = 60 * 1000;

export function markEditing(contentId: string, userId: string, now = new Date()) {
  return prisma.editorPresence.upsert({
    where: { contentId_userId: { contentId, userId } },
    create: { contentId, userId, seenAt: now },
    update: { seenAt: now },
    select: { seenAt: true },
  });
}

export async function editingNow(contentId: string, now = new Date()): Promise<Set<string>> {
  const rows = await prisma.editorPresence.findMany({
    where: { contentId, seenAt: { gte: new Date(now.getTime() - PRESENCE_WINDOW_MS) } },
    select: { userId: true },
  });
  return new Set(rows.map((r) => r.userId));
}

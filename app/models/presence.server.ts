import { prisma } from "~/db/db.server";
import { z } from "zod/v4";
import { col, parseRow } from "~/db/db-row.server";
import { hotReads } from "~/db/hot-reads.server";

/** A member counts as having an item open while their editor's heartbeat is this fresh (issue 18: gone within 15 s). */
export const PRESENCE_WINDOW_MS = 15 * 1000;

/** The open editor beats this often (POST /presence); closing it says so at once (pagehide). */
export const HEARTBEAT_EVERY_MS = 5 * 1000;

/** A beat rewrites the row at most this often: a page view is not always a write. */
export const HEARTBEAT_WRITE_EVERY_MS = 5 * 1000;

const SeenRow = z.object({ seenAt: col.date });

export async function markEditing(contentId: string, userId: string, now = new Date()) {
  const seen = await hotReads().presenceRow(contentId, userId);
  const seenAt = parseRow(SeenRow, seen)?.seenAt ?? null;
  const age = seenAt ? now.getTime() - seenAt.getTime() : Infinity;
  if (seenAt && age >= 0 && age < HEARTBEAT_WRITE_EVERY_MS) return { seenAt };
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

/** The member closed the editor (pagehide): they stop showing as editing at once. */
export async function leaveEditing(contentId: string, userId: string) {
  await prisma.editorPresence.deleteMany({ where: { contentId, userId } });
}

import { idInWorkspace } from "~/db/workspace-keys.server";
import { prisma } from "~/db/db.server";
import { logActivity } from "./content-write.server";
import { createInTransaction, recordClaim } from "./idempotency.server";

/** The item as Generate Caption and Create Visual need it; null when it does not exist. */
export function getQuickActionSource(id: string) {
  return prisma.contentItem.findUnique({
    where: { id },
    select: {
      id: true,
      title: true,
      type: true,
      status: true,
      body: true,
      authorId: true,
      tags: { select: { name: true }, orderBy: { position: "asc" } },
    },
  });
}

/** Stores a rendered card; from now on it is the item's thumbnail. */
export function createVisual(input: { contentId: string; svg: string; tone: string; userId: string; title: string }) {
  return createInTransaction(async (tx) => {
    const visual = await tx.contentVisual.create({
      data: { contentId: input.contentId, svg: input.svg, tone: input.tone, createdById: input.userId },
      select: { id: true, createdAt: true },
    });
    await logActivity(tx, {
      type: "edit",
      action: "created a visual for",
      target: input.title,
      userId: input.userId,
      contentId: input.contentId,
    });
    await recordClaim(tx, visual.id);
    return visual;
  });
}

/** A stored visual as Create Visual answers it (a retried create answers with it): its item's title and its tone's name. */
export async function visualMade(id: string) {
  const visual = await prisma.contentVisual.findUnique({
    where: { id },
    select: { id: true, tone: true, content: { select: { title: true } } },
  });
  if (!visual) return null;
  const tone = await prisma.brandTone.findUnique({ where: idInWorkspace(visual.tone), select: { name: true } });
  return { id: visual.id, title: visual.content.title, tone: tone?.name ?? visual.tone };
}

export function getVisual(id: string) {
  return prisma.contentVisual.findUnique({
    where: { id },
    select: { id: true, svg: true, contentId: true, content: { select: { title: true } } },
  });
}

/** The item's newest visual, which stands in for the generated thumbnail. */
export function latestVisual(contentId: string) {
  return prisma.contentVisual.findFirst({
    where: { contentId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { id: true, svg: true },
  });
}

/** Per item, its newest visual's id, so a thumbnail URL can change when a new visual is made. */
export async function latestVisualIds(contentIds: string[]): Promise<Map<string, string>> {
  const rows = await prisma.contentVisual.findMany({
    where: { contentId: { in: contentIds } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { id: true, contentId: true },
  });
  return new Map(rows.map((r) => [r.contentId, r.id]));
}

/** What re-rendering a visual at another size needs. */
export function getVisualSource(id: string) {
  return prisma.contentVisual.findUnique({
    where: { id },
    select: { id: true, tone: true, contentId: true, content: { select: { title: true, type: true } } },
  });
}

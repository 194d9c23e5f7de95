import type { Prisma } from "@prisma/client";
import { prisma } from "~/db.server";
import type { ContentStatus } from "~/domain/content";
import { viewsByItem } from "./analytics.server";

export interface ContentCard {
  id: string;
  title: string;
  type: string;
  status: string;
  author: string;
  date: string;
  views: number;
  tags: string[];
}

const CARD_SELECT = {
  id: true,
  title: true,
  type: true,
  status: true,
  publishedAt: true,
  updatedAt: true,
  author: { select: { name: true } },
  tags: { select: { name: true }, orderBy: { position: "asc" } },
} satisfies Prisma.ContentItemSelect;

type CardRow = Prisma.ContentItemGetPayload<{ select: typeof CARD_SELECT }>;

async function toCards(rows: CardRow[]): Promise<ContentCard[]> {
  const views = await viewsByItem(rows.map((r) => r.id));
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    type: r.type,
    status: r.status,
    author: r.author.name,
    date: (r.publishedAt ?? r.updatedAt).toISOString(),
    views: views.get(r.id) ?? 0,
    tags: r.tags.map((t) => t.name),
  }));
}

export interface ContentQuery {
  q?: string;
  status?: ContentStatus;
}

/**
 * Ids of items whose title or a tag contains `term`, ignoring (ASCII) case.
 * instr() instead of Prisma's `contains`: LIKE would treat % and _ in the term as wildcards.
 */
async function idsMatching(term: string): Promise<string[]> {
  const rows = await prisma.$queryRaw<{ id: string }[]>`
    SELECT c.id FROM ContentItem c
    WHERE instr(lower(c.title), lower(${term})) > 0
       OR EXISTS (SELECT 1 FROM ContentTag t WHERE t.contentId = c.id AND instr(lower(t.name), lower(${term})) > 0)`;
  return rows.map((r) => r.id);
}

/** Library search by title or tag, and status filter; newest first. */
export async function listContent({ q, status }: ContentQuery): Promise<ContentCard[]> {
  const term = q?.trim();
  const where: Prisma.ContentItemWhereInput = {
    ...(status ? { status } : {}),
    ...(term ? { id: { in: await idsMatching(term) } } : {}),
  };
  const rows = await prisma.contentItem.findMany({ where, select: CARD_SELECT, orderBy: { updatedAt: "desc" } });
  return toCards(rows);
}

export async function recentContent(take: number): Promise<ContentCard[]> {
  const rows = await prisma.contentItem.findMany({ select: CARD_SELECT, orderBy: { updatedAt: "desc" }, take });
  return toCards(rows);
}

export function countByStatus(status: ContentStatus): Promise<number> {
  return prisma.contentItem.count({ where: { status } });
}

export function countCreated(status: ContentStatus, from: Date, to: Date): Promise<number> {
  return prisma.contentItem.count({ where: { status, createdAt: { gte: from, lt: to } } });
}

export function countPublished(from: Date, to: Date): Promise<number> {
  return prisma.contentItem.count({ where: { status: "published", publishedAt: { gte: from, lt: to } } });
}

/** The item to edit: the one asked for, else the most recently edited. */
export function getEditorItem(id?: string | null) {
  const select = {
    id: true,
    title: true,
    type: true,
    status: true,
    body: true,
    version: true,
    updatedAt: true,
    author: { select: { id: true, name: true } },
  } satisfies Prisma.ContentItemSelect;
  if (id) return prisma.contentItem.findUnique({ where: { id }, select });
  return prisma.contentItem.findFirst({ where: { status: { not: "archived" } }, orderBy: { updatedAt: "desc" }, select });
}

export function getThumbnailInfo(id: string) {
  return prisma.contentItem.findUnique({ where: { id }, select: { id: true, title: true, type: true } });
}

/** What the permission check needs to know about an item. */
export function getEditAccess(id: string) {
  return prisma.contentItem.findUnique({ where: { id }, select: { authorId: true, status: true, title: true, body: true } });
}

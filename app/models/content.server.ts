import type { Prisma } from "@prisma/client";
import { prisma } from "~/db.server";
import type { ContentCard, ContentStatus } from "~/domain/content";
import { pageWindow, type LibrarySort, type PageWindow } from "~/domain/library-query";
import { normalizeSearch } from "~/domain/search-text";
import { viewsByItem } from "./analytics.server";
import { countMatches, pageOfMatches, prepareSearch, type SearchPlan } from "./content-search.server";

export type { ContentCard };

const CARD_SELECT = {
  id: true,
  title: true,
  excerpt: true,
  type: true,
  status: true,
  publishedAt: true,
  updatedAt: true,
  authorId: true,
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
    authorId: r.authorId,
    author: r.author.name,
    excerpt: r.excerpt,
    date: (r.publishedAt ?? r.updatedAt).toISOString(),
    views: views.get(r.id) ?? 0,
    tags: r.tags.map((t) => t.name),
  }));
}

export interface LibraryPageQuery {
  q: string;
  status?: ContentStatus;
  sort: LibrarySort;
  page: number;
  pageSize: number;
}

/** One page of the library, and where it sits (a page past the end shows the last one). `plan` is for tests. */
export async function listLibraryPage(
  { q, status, sort, page, pageSize }: LibraryPageQuery,
  plan?: SearchPlan,
): Promise<{ items: ContentCard[]; window: PageWindow }> {
  const search = await prepareSearch({ term: normalizeSearch(q), status, sort }, plan);
  const window = pageWindow(await countMatches(search), page, pageSize);
  const ids = window.total === 0 ? [] : await pageOfMatches(search, window.offset, pageSize, window.total);
  return { items: await cardsInOrder(ids), window };
}

async function cardsInOrder(ids: string[]): Promise<ContentCard[]> {
  if (ids.length === 0) return [];
  const rows = await prisma.contentItem.findMany({ where: { id: { in: ids } }, select: CARD_SELECT });
  const position = new Map(ids.map((id, i) => [id, i]));
  return toCards(rows.sort((a, b) => position.get(a.id)! - position.get(b.id)!));
}

export async function recentContent(take: number): Promise<ContentCard[]> {
  const rows = await prisma.contentItem.findMany({ select: CARD_SELECT, orderBy: { updatedAt: "desc" }, take });
  return toCards(rows);
}

/** The item to edit: the one asked for, else the most recently edited. */
export function getEditorItem(id?: string | null) {
  const select = {
    id: true,
    title: true,
    slug: true,
    excerpt: true,
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
  return prisma.contentItem.findUnique({ where: { id }, select: { authorId: true, status: true, title: true } });
}

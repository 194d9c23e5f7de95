import { thisWorkspace } from "~/db/workspace-keys.server";
import type { Prisma } from "@prisma/client";
import { prisma } from "~/db/db.server";
import { listings, type LibraryPage, type LibraryPageQuery } from "~/db/listings.server";
import { COUNT_LIMIT } from "~/db/library-shared.server";
import type { SearchPlan } from "~/db/sqlite/library-search.server";
import type { ContentCard } from "~/domain/content";
import { normalizeSearch } from "~/domain/search-text";
import type { TextPart } from "~/domain/body-search";
import { bodyExcerpt } from "~/domain/body-excerpt";

export type { ContentCard, LibraryPageQuery };

/** One page of the library, and where it sits (a page past the end shows the last one). `plan` and `countLimit` are for tests. */
export function listLibraryPage(query: LibraryPageQuery, plan?: SearchPlan, countLimit = COUNT_LIMIT): Promise<LibraryPage> {
  return listings().libraryPage(query, countLimit, plan);
}

/** The most recently edited items (the dashboard). */
export const recentContent = (take: number): Promise<ContentCard[]> => listings().recentCards(take);

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

/** The text and version a save is checked against. */
export function getBodyVersion(id: string) {
  return prisma.contentItem.findUnique({ where: { id }, select: { body: true, version: true } });
}

/** The version and time of the item's last write. */
export function getVersionStamp(id: string) {
  return prisma.contentItem.findUniqueOrThrow({ where: { id }, select: { version: true, updatedAt: true } });
}

/** Members who wrote anything, for the author filter (removed members' content stays findable). */
export function listAuthors() {
  return prisma.user.findMany({
    where: { content: { some: thisWorkspace() } },
    select: { id: true, name: true },
    orderBy: { name: "asc" },
  });
}

/** Where a search's words occur in each body-matched item's text. */
export async function bodyExcerpts(ids: string[], term: string): Promise<Record<string, TextPart[]>> {
  if (ids.length === 0) return {};
  const rows = await prisma.contentItem.findMany({ where: { id: { in: ids } }, select: { id: true, body: true } });
  return Object.fromEntries(
    rows.flatMap((r) => {
      const parts = bodyExcerpt(r.body, normalizeSearch(term));
      return parts ? [[r.id, parts]] : [];
    }),
  );
}

/** What an item's address on the site is made from (its slug, else its title) and whether it has a page (its type). */
export function linkSourceOf(id: string) {
  return prisma.contentItem.findUnique({ where: { id }, select: { slug: true, title: true, type: true } });
}

import { Prisma } from "@prisma/client";
import { z } from "zod/v4";
import { LRUCache } from "lru-cache";
import { prisma } from "~/db/db.server";
import { databaseEngine } from "~/db/engine.server";
import { dataVersion } from "~/db/read-db.server";
import type { ContentCard } from "~/domain/content";
import { pageWindow, type LibrarySort, type PageWindow } from "~/domain/library-query";
import { normalizeSearch } from "~/domain/search-text";
import type { TextPart } from "~/domain/body-search";
import { bodyExcerpt } from "~/domain/body-excerpt";
import { col, parseRows } from "~/db/db-row.server";
import { readsTraffic } from "~/db/page-reads.server";
import type { Facets } from "~/domain/content-search";
import { readRows } from "./hot-read.server";
import {
  COUNT_LIMIT,
  countBodyOnlyMatches,
  countMatches,
  facetCounts,
  pageOfBodyOnlyMatches,
  pageOfMatches,
  prepareSearch,
  type ListingFilters,
  type PreparedSearch,
  type SearchPlan,
} from "./content-search.server";
import { cardsPostgres, listLibraryPagePostgres } from "./library-postgres.server";

export type { ContentCard };

// One statement for a page of cards on the read connection (decision 011): item, author, tags in
// their order and all-time views (the tracker's figure, so the page depends on traffic).
const CardRow = z.object({
  id: col.text,
  title: col.text,
  excerpt: col.text,
  type: col.text,
  status: col.text,
  authorId: col.text,
  author: col.text,
  publishedAt: col.date.nullable(),
  updatedAt: col.date,
  tags: col.text,
  views: col.sum,
});

function cards(where: Prisma.Sql, order: Prisma.Sql, take: number): ContentCard[] {
  readsTraffic();
  const rows = parseRows(
    CardRow,
    readRows(Prisma.sql`
      SELECT c."id", c."title", c."excerpt", c."type", c."status", c."authorId", u."name" AS author, c."publishedAt", c."updatedAt",
        (SELECT json_group_array("name") FROM (SELECT t."name" FROM "ContentTag" t WHERE t."contentId" = c."id" ORDER BY t."position")) AS tags,
        (SELECT sum(m."views") FROM "ContentMetric" m WHERE m."contentId" = c."id") AS views
      FROM "ContentItem" c JOIN "User" u ON u."id" = c."authorId" WHERE ${where} ORDER BY ${order} LIMIT ${take}`),
  );
  return rows.map(({ publishedAt, updatedAt, tags, ...r }) => ({
    ...r,
    date: (publishedAt ?? updatedAt).toISOString(),
    tags: z.array(z.string()).parse(JSON.parse(tags)),
  }));
}

export interface LibraryPageQuery extends ListingFilters {
  q: string;
  sort: LibrarySort;
  page: number;
  pageSize: number;
  /** Also count items per filter value (the More Filters panel). */
  facets?: boolean;
}

/** One page of the library, and where it sits (a page past the end shows the last one). `plan` and `countLimit` are for tests. */
export async function listLibraryPage(
  { q, sort, page, pageSize, facets: withFacets, ...filters }: LibraryPageQuery,
  plan?: SearchPlan,
  countLimit = COUNT_LIMIT,
): Promise<{ items: ContentCard[]; window: PageWindow & { exact: boolean }; bodyMatches: string[]; facets: Facets | null }> {
  if (databaseEngine() === "postgresql")
    return listLibraryPagePostgres({ q, sort, page, pageSize, facets: withFacets, ...filters }, countLimit);
  const search = await prepareSearch({ term: normalizeSearch(q), filters, sort }, plan);
  // Title and tag matches first, then items that match only in their body. A search counts up to
  // COUNT_LIMIT results, or past the page asked for and one more, so Next shows (decision 034).
  const wanted = page * pageSize + 1;
  const titled = await countMatches(search, wanted, countLimit);
  const bodyOnly = titled.exact
    ? await countBodyOnlyMatches(search, wanted - titled.n, countLimit - titled.n)
    : { n: 0, exact: false, estimate: null };
  const window = { ...pageWindow(titled.n + bodyOnly.n, page, pageSize), exact: titled.exact && bodyOnly.exact };
  const first =
    window.offset < titled.n
      ? await pageOfMatches(search, window.offset, Math.min(pageSize, titled.n - window.offset), titled.estimate ?? titled.n)
      : [];
  const rest = pageSize - first.length;
  const body =
    titled.exact && window.total > 0 && rest > 0
      ? await pageOfBodyOnlyMatches(search, Math.max(0, window.offset - titled.n), rest, bodyOnly)
      : [];
  const facets = withFacets ? await cachedFacets(search) : null;
  return { items: await cardsInOrder([...first, ...body]), window, bodyMatches: body, facets };
}

// Facet counts read at most FACET_LIMIT results (decision 024); still kept per search and filters until anything is written.
const facetCache = new LRUCache<string, { version: number; facets: Facets }>({ max: 200 });

async function cachedFacets(search: PreparedSearch): Promise<Facets> {
  const key = JSON.stringify([search.query.term, search.query.filters]);
  const version = dataVersion();
  const hit = facetCache.get(key);
  if (hit && hit.version === version) return hit.facets;
  const facets = await facetCounts(search);
  facetCache.set(key, { version, facets });
  return facets;
}

async function cardsInOrder(ids: string[]): Promise<ContentCard[]> {
  if (ids.length === 0) return [];
  const found = cards(Prisma.sql`c."id" IN (${Prisma.join(ids)})`, Prisma.sql`c."id"`, ids.length);
  const position = new Map(ids.map((id, i) => [id, i]));
  return found.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
}

export async function recentContent(take: number): Promise<ContentCard[]> {
  if (databaseEngine() === "postgresql") return cardsPostgres(null, Prisma.sql`c."updatedAt" DESC`, take);
  return cards(Prisma.sql`1`, Prisma.sql`c."updatedAt" DESC`, take);
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
  return prisma.user.findMany({ where: { content: { some: {} } }, select: { id: true, name: true }, orderBy: { name: "asc" } });
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

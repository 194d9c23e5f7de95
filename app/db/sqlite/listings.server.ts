// The lists on SQLite (decisions 011, 018, 034, 068): the library's search (library-search.server.ts)
// and one statement for a page of cards, on the read connection.
import { Prisma } from "@prisma/client";
import { currentWorkspaceId } from "../workspace-scope.server";
import { LRUCache } from "lru-cache";
import { toDbDate } from "~/db/db-row.server";
import { cardsOfRows, inOrderOf, type ListingFilters } from "~/db/library-shared.server";
import type { LibraryPage, LibraryPageQuery, SearchPlan } from "~/db/listings.server";
import { readsTraffic } from "~/db/page-reads.server";
import { dataVersion } from "~/db/read-db.server";
import type { ContentCard } from "~/domain/content";
import type { Facets } from "~/domain/content-search";
import { pageWindow, type LibrarySort } from "~/domain/library-query";
import { normalizeSearch } from "~/domain/search-text";
import {
  countBodyOnlyMatches,
  countMatches,
  facetCounts as facetCountsOf,
  pageOfBodyOnlyMatches,
  pageOfMatches,
  prepareSearch,
  type PreparedSearch,
} from "./library-search.server";
import { hotStatement, readRows } from "./statements.server";

/** Item, author, tags in their order and all-time views (the tracker's figure, so the page depends on traffic). */
function cards(where: Prisma.Sql, order: Prisma.Sql, take: number): ContentCard[] {
  readsTraffic();
  return cardsOfRows(
    readRows(Prisma.sql`
      SELECT c."id", c."title", c."excerpt", c."type", c."status", c."authorId", u."name" AS author, c."publishedAt", c."updatedAt",
        (SELECT json_group_array("name") FROM (SELECT t."name" FROM "ContentTag" t WHERE t."contentId" = c."id" ORDER BY t."position")) AS tags,
        (SELECT sum(m."views") FROM "ContentMetric" m WHERE m."contentId" = c."id") AS views
      FROM "ContentItem" c JOIN "User" u ON u."id" = c."authorId"
      WHERE c."workspaceId" = ${currentWorkspaceId()} AND (${where}) ORDER BY ${order} LIMIT ${take}`),
  );
}

function cardsInOrder(ids: string[]): ContentCard[] {
  if (ids.length === 0) return [];
  return inOrderOf(ids, cards(Prisma.sql`c."id" IN (${Prisma.join(ids)})`, Prisma.sql`c."id"`, ids.length));
}

export async function libraryPage(
  { q, sort, page, pageSize, facets: withFacets, ...filters }: LibraryPageQuery,
  countLimit: number,
  plan?: SearchPlan,
): Promise<LibraryPage> {
  const search = await prepareSearch({ term: normalizeSearch(q), filters, sort }, plan);
  // Title and tag matches first, then items that match only in their body. A search counts up to
  // countLimit results, or past the page asked for and one more, so Next shows (decision 034).
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
  return { items: cardsInOrder([...first, ...body]), window, bodyMatches: body, facets };
}

// Facet counts read at most FACET_LIMIT results (decision 024); still kept per search and filters until anything is written.
const facetCache = new LRUCache<string, { version: number; facets: Facets }>({ max: 200 });

async function cachedFacets(search: PreparedSearch): Promise<Facets> {
  const key = JSON.stringify([search.query.term, search.query.filters]);
  const version = dataVersion();
  const hit = facetCache.get(key);
  if (hit && hit.version === version) return hit.facets;
  const facets = await facetCountsOf(search);
  facetCache.set(key, { version, facets });
  return facets;
}

export async function titleMatches(query: { term: string; filters: ListingFilters; sort: LibrarySort }, limit: number): Promise<string[]> {
  return pageOfMatches(await prepareSearch(query), 0, limit);
}

export async function facetCounts(term: string, filters: ListingFilters, limit?: number): Promise<Facets> {
  return facetCountsOf(await prepareSearch({ term, filters, sort: "newest" }), limit);
}

export async function recentCards(take: number): Promise<ContentCard[]> {
  return cards(Prisma.sql`1`, Prisma.sql`c."updatedAt" DESC, c."id" DESC`, take);
}

/**
 * The calendar's measured hot path, 5,000 posts a month (npm run bench:channels). Stored dates are ISO
 * text, compared as text; a post goes out at most a day after its scheduled time (retries), so the
 * scheduledAt index bounds the scan.
 */
const CALENDAR_POSTS_SQL = `
  SELECT p.id, p.channel, p.status, COALESCE(p.publishedAt, p.scheduledAt) AS at, p.lastError, p.contentId, c.title
  FROM ChannelPost p JOIN ContentItem c ON c.id = p.contentId
  WHERE p.workspaceId = @workspaceId AND p.scheduledAt >= @scanFrom AND p.scheduledAt < @end
    AND COALESCE(p.publishedAt, p.scheduledAt) >= @start AND COALESCE(p.publishedAt, p.scheduledAt) < @end
    AND (@channel = 'all' OR p.channel = @channel)
    AND (@status = 'all' OR p.status = @status)
    AND (@author = 'all' OR c.authorId = @author)`;

export async function calendarPostRows(
  range: { start: Date; end: Date },
  filter: { channel: string; status: string; author: string },
): Promise<unknown[]> {
  return hotStatement(CALENDAR_POSTS_SQL).all({
    workspaceId: currentWorkspaceId(),
    scanFrom: toDbDate(new Date(range.start.getTime() - 86_400_000)),
    start: toDbDate(range.start),
    end: toDbDate(range.end),
    ...filter,
  });
}

// The lists on PostgreSQL (decisions 046, 068): the library's page of cards and its search, behind
// the same interface as SQLite's (app/db/listings.server.ts). Same results in the same order:
// title and tag matches (any substring, pg_trgm's index) first, then items that match only in their
// body (words, the tsvector index), each sorted by the library's order; counts stop at COUNT_LIMIT as
// on SQLite. SQLite's plans (walks, samples, FTS5 tokens) have no twin: PostgreSQL's planner picks, but for
// how a search counts and which end a page is read from (decision 058).
import { Prisma } from "@prisma/client";
import { currentWorkspaceId } from "../workspace-scope.server";
import { z } from "zod/v4";
import { prisma } from "~/db/db.server";
import { col, parseRows } from "~/db/db-row.server";
import {
  FACET_LIMIT,
  cardsOfRows,
  facetPass,
  facetsOfPasses,
  inOrderOf,
  type Count,
  type ListingFilters,
} from "~/db/library-shared.server";
import type { LibraryPage, LibraryPageQuery } from "~/db/listings.server";
import type { ContentCard } from "~/domain/content";
import { pageWindow, type LibrarySort } from "~/domain/library-query";
import { BODY_SEARCH_MIN_CHARACTERS } from "~/domain/body-search";
import { characterCount, normalizeSearch, usesTrigramIndex } from "~/domain/search-text";
import type { Facets } from "~/domain/content-search";

const ORDER: Record<LibrarySort, Prisma.Sql> = {
  newest: Prisma.sql`l."updatedAt" DESC, l."id" DESC`,
  views: Prisma.sql`l."views" DESC, l."id" DESC`,
};
/** The same orders backwards: a page in the second half of the matches is read from the end. */
const REVERSED: Record<LibrarySort, Prisma.Sql> = {
  newest: Prisma.sql`l."updatedAt" ASC, l."id" ASC`,
  views: Prisma.sql`l."views" ASC, l."id" ASC`,
};
const DATE_COLUMN = {
  updated: Prisma.sql`l."updatedAt"`,
  created: Prisma.sql`l."createdAt"`,
  published: Prisma.sql`l."publishedAt"`,
} as const;

const CountRow = z.object({ n: col.int });
const IdRow = z.object({ contentId: col.text });

/**
 * The chosen tags with the other chosen values, as the listing's filter tokens (decision 060): one GIN
 * lookup intersects them. Without a tag the values are plain conditions, for the B-trees that also give
 * the list's order; beside the tokens they would only make the planner AND their bitmaps again.
 */
function filterTokens(f: ListingFilters, tags: string[]): string[] {
  const scalar: [string, string | undefined][] = [
    ["s", f.status],
    ["t", f.type],
    ["a", f.authorId],
  ];
  return [...tags.map((t) => `g:${t}`), ...scalar.flatMap(([kind, value]) => (value ? [`${kind}:${value}`] : []))];
}

/** The filters on alias l (dates as timestamps: PostgreSQL stores them natively). */
function filterCondition(f: ListingFilters): Prisma.Sql[] {
  const c: Prisma.Sql[] = [];
  const tags = [...new Set(f.tags ?? [])];
  if (tags.length) c.push(Prisma.sql`l."filterTokens" @> ARRAY[${Prisma.join(filterTokens(f, tags))}]::text[]`);
  else {
    if (f.status) c.push(Prisma.sql`l."status" = ${f.status}`);
    if (f.type) c.push(Prisma.sql`l."type" = ${f.type}`);
    if (f.authorId) c.push(Prisma.sql`l."authorId" = ${f.authorId}`);
  }
  const date = DATE_COLUMN[f.dateField ?? "updated"];
  if (f.from) c.push(Prisma.sql`${date} >= ${f.from}`);
  if (f.before) c.push(Prisma.sql`${date} < ${f.before}`);
  return c;
}

/** The term as a LIKE pattern: % _ and \ are plain characters; lower() as the stored search text has it. */
function titleCondition(term: string): Prisma.Sql {
  const escaped = term.replace(/[\\%_]/g, (ch) => `\\${ch}`);
  const pattern = Prisma.sql`'%' || lower(${escaped}) || '%'`;
  return Prisma.sql`(l."searchTitle" LIKE ${pattern} OR l."searchTags" LIKE ${pattern})`;
}

const WORD = /[\p{L}\p{N}]+/gu;

/**
 * The body words as a tsquery, the twin of bodyMatchQuery: the words as one phrase, the last a prefix
 * when it has 2+ characters. Null: no body search.
 */
export function bodyTsQuery(term: string): string | null {
  if (characterCount(term) < BODY_SEARCH_MIN_CHARACTERS) return null;
  const words = term.match(WORD);
  if (!words) return null;
  const last = characterCount(words.at(-1)!) >= 2 ? ":*" : "";
  return `${words.join(" <-> ")}${last}`; // words are letters and digits only: nothing to escape
}

/** The body condition on alias l: the listing keeps each item's body words (migration *_listing_body_words). */
const bodyCondition = (query: string) => Prisma.sql`l."bodyWords" @@ studio_body_query(${query})`;

function where(conditions: Prisma.Sql[]) {
  return conditions.length ? Prisma.sql`WHERE ${Prisma.join(conditions, " AND ")}` : Prisma.empty;
}

/** How a count that stops at a cap reads the matches (decision 058). */
type CountScan = "any" | "order" | "index";

/**
 * Counts matches up to `cap`. "order" walks the list's own order, where a short term's matches are
 * spread out (in title order the items a term starts, "Über-…", sit together at one end). "index"
 * reads the term's trigram index, then the rows: a bounded cost, where a walk in any order reads
 * tens of thousands of entries for a term that 2 % of the items hold.
 */
async function countUpTo(conditions: Prisma.Sql[], cap: number, scan: CountScan = "any", sort: LibrarySort = "newest"): Promise<Count> {
  const order = scan === "order" ? Prisma.sql`ORDER BY ${ORDER[sort]}` : Prisma.empty;
  const count = prisma.$queryRaw<unknown[]>(
    Prisma.sql`SELECT count(*) AS n FROM (SELECT 1 FROM "ContentListing" l ${where(conditions)} ${order} LIMIT ${cap + 1}) m`,
  );
  const [row] =
    scan === "index"
      ? // For this transaction only: no plan that walks a B-tree, so the planner reads the GIN index.
        (
          await prisma.$transaction([
            prisma.$executeRaw`SET LOCAL enable_indexscan = off`,
            prisma.$executeRaw`SET LOCAL enable_indexonlyscan = off`,
            count,
          ])
        )[2]
      : await count;
  const n = CountRow.parse(row).n;
  return n <= cap ? { n, exact: true, estimate: n } : { n: cap, exact: false, estimate: null };
}

/**
 * Up to this many matches (the count says how many) are read whole and then sorted. Walking the order's
 * index and testing each row is slower for them whenever the matches sit far down that order (items
 * created a year ago, in a list by last update), which the planner cannot know.
 */
const SORT_MATCHES_UP_TO = 5000;

/**
 * A page of the matches' ids; `matches` is their exact count when known. A page past the middle is
 * read backwards from the end, so the deepest pages skip as few rows as the first ones.
 */
async function idsOf(conditions: Prisma.Sql[], sort: LibrarySort, offset: number, limit: number, matches = Infinity): Promise<string[]> {
  const end = Math.min(offset + limit, matches);
  if (end <= offset) return [];
  const fromEnd = end > matches / 2;
  const from =
    matches <= SORT_MATCHES_UP_TO
      ? // OFFSET 0 keeps the planner from folding the subquery back into a walk of the order.
        Prisma.sql`(SELECT l."contentId", l."updatedAt", l."views", l."id" FROM "ContentListing" l ${where(conditions)} OFFSET 0) l`
      : Prisma.sql`"ContentListing" l ${where(conditions)}`;
  const rows = await prisma.$queryRaw<unknown[]>(Prisma.sql`
    SELECT l."contentId" FROM ${from} ORDER BY ${fromEnd ? REVERSED[sort] : ORDER[sort]}
    LIMIT ${end - offset} OFFSET ${fromEnd ? matches - end : offset}`);
  const ids = parseRows(IdRow, rows).map((r) => r.contentId);
  return fromEnd ? ids.reverse() : ids;
}

/** The ids of title and tag matches only, in the sort order (SQLite: pageOfMatches on a first page). */
export function titleMatches(query: { term: string; filters: ListingFilters; sort: LibrarySort }, limit: number): Promise<string[]> {
  return idsOf([...filterCondition(query.filters), titleCondition(query.term)], query.sort, 0, limit);
}

/**
 * Type, author and tag counts over the first FACET_LIMIT + 1 results, title matches then body-only
 * ones, each in listing id order (where SQLite's id lists come from); null past it.
 */
export async function facetCounts(term: string, filters: ListingFilters, limit = FACET_LIMIT): Promise<Facets> {
  const words = term ? bodyTsQuery(term) : null;
  const pass = async (f: ListingFilters, withTags: boolean) => {
    const filter = filterCondition(f);
    // Each part stops at the limit in id order itself: for a common word the planner can then walk the
    // id index and stop, where the limit over the union read and sorted every match (75 ms for 28,000).
    const part = (n: number, conditions: Prisma.Sql[]) =>
      Prisma.sql`(SELECT l."contentId", l."type", l."authorId", ${n}::int AS part, l."id" FROM "ContentListing" l ${where(conditions)}
        ORDER BY l."id" LIMIT ${limit + 1})`;
    const titled = part(0, term ? [...filter, titleCondition(term)] : filter);
    // Body-only matches are read only when the title matches fall short of the limit (a one-time filter).
    const body = words
      ? Prisma.sql`UNION ALL ${part(1, [...filter, bodyCondition(words), Prisma.sql`NOT ${titleCondition(term)}`, Prisma.sql`(SELECT count(*) FROM "titled") <= ${limit}`])}`
      : Prisma.empty;
    const tags = withTags
      ? Prisma.sql`UNION ALL SELECT 'tag', t."name", '', count(*), row_number() OVER (ORDER BY count(*) DESC, t."name" COLLATE "C")
          FROM "ContentTag" t WHERE t."contentId" IN (SELECT "contentId" FROM "first") GROUP BY t."name"`
      : Prisma.empty;
    const rows = await prisma.$queryRaw<unknown[]>(Prisma.sql`
      WITH "titled" AS MATERIALIZED ${titled},
        "first" AS MATERIALIZED (SELECT * FROM (SELECT * FROM "titled" ${body}) r ORDER BY part, "id" LIMIT ${limit + 1})
      SELECT 'group' AS kind, "type" AS a, "authorId" AS b, count(*) AS n, 0::bigint AS rank FROM "first" GROUP BY 2, 3
      ${tags}`);
    return facetPass(rows, limit);
  };
  return facetsOfPasses(filters, pass, limit);
}

/** The same page, window, body matches and facet counts as on SQLite. */
export async function libraryPage(
  { q, sort, page, pageSize, facets: withFacets, ...filters }: LibraryPageQuery,
  countLimit: number,
): Promise<LibraryPage> {
  const term = normalizeSearch(q);
  const filter = filterCondition(filters);
  const wanted = page * pageSize + 1;
  const title = term ? [...filter, titleCondition(term)] : filter;
  const titled = term
    ? await countUpTo(title, Math.max(countLimit, wanted), usesTrigramIndex(term) ? "index" : "order", sort)
    : await countUpTo(title, Number.MAX_SAFE_INTEGER - 1);
  const words = term ? bodyTsQuery(term) : null;
  const bodyOnly = words ? [...filter, bodyCondition(words), Prisma.sql`NOT ${titleCondition(term)}`] : null;
  const bodyCount =
    titled.exact && bodyOnly
      ? await countUpTo(bodyOnly, Math.max(countLimit - titled.n, wanted - titled.n, 0), "order", sort)
      : { n: 0, exact: titled.exact, estimate: null };
  const window = { ...pageWindow(titled.n + bodyCount.n, page, pageSize), exact: titled.exact && bodyCount.exact };
  const first =
    window.offset < titled.n
      ? await idsOf(title, sort, window.offset, Math.min(pageSize, titled.n - window.offset), titled.exact ? titled.n : Infinity)
      : [];
  const rest = pageSize - first.length;
  const body =
    titled.exact && bodyOnly && window.total > 0 && rest > 0
      ? await idsOf(bodyOnly, sort, Math.max(0, window.offset - titled.n), rest, bodyCount.exact ? bodyCount.n : Infinity)
      : [];
  const facets = withFacets ? await facetCounts(term, filters) : null;
  return { items: await cardsInOrder([...first, ...body]), window, bodyMatches: body, facets };
}

/** SQLite's page of cards: json_agg for json_group_array, a boolean condition. */
async function cards(where: Prisma.Sql | null, order: Prisma.Sql, take: number): Promise<ContentCard[]> {
  return cardsOfRows(
    await prisma.$queryRaw<unknown[]>(Prisma.sql`
      SELECT c."id", c."title", c."excerpt", c."type", c."status", c."authorId", u."name" AS author, c."publishedAt", c."updatedAt",
        (SELECT COALESCE(json_agg(t."name" ORDER BY t."position"), '[]')::text FROM "ContentTag" t WHERE t."contentId" = c."id") AS tags,
        (SELECT sum(m."views") FROM "ContentMetric" m WHERE m."contentId" = c."id") AS views
      FROM "ContentItem" c JOIN "User" u ON u."id" = c."authorId"
      WHERE c."workspaceId" = ${currentWorkspaceId()} ${where ? Prisma.sql`AND (${where})` : Prisma.empty}
      ORDER BY ${order} LIMIT ${take}`),
  );
}

async function cardsInOrder(ids: string[]): Promise<ContentCard[]> {
  if (ids.length === 0) return [];
  return inOrderOf(ids, await cards(Prisma.sql`c."id" IN (${Prisma.join(ids)})`, Prisma.sql`c."id"`, ids.length));
}

export const recentCards = (take: number) => cards(null, Prisma.sql`c."updatedAt" DESC, c."id" DESC`, take);

/** Quoted names, dates as timestamps. */
export function calendarPostRows(
  range: { start: Date; end: Date },
  filter: { channel: string; status: string; author: string },
): Promise<unknown[]> {
  const at = Prisma.sql`COALESCE(p."publishedAt", p."scheduledAt")`;
  return prisma.$queryRaw<unknown[]>(Prisma.sql`
    SELECT p."id", p."channel", p."status", ${at} AS "at", p."lastError", p."contentId", c."title"
    FROM "ChannelPost" p JOIN "ContentItem" c ON c."id" = p."contentId"
    WHERE p."workspaceId" = ${currentWorkspaceId()}
      AND p."scheduledAt" >= ${new Date(range.start.getTime() - 86_400_000)} AND p."scheduledAt" < ${range.end}
      AND ${at} >= ${range.start} AND ${at} < ${range.end}
      AND (${filter.channel} = 'all' OR p."channel" = ${filter.channel})
      AND (${filter.status} = 'all' OR p."status" = ${filter.status})
      AND (${filter.author} = 'all' OR c."authorId" = ${filter.author})`);
}

import { Prisma } from "@prisma/client";
import { z } from "zod/v4";
import { prisma } from "~/db.server";
import { bodyMatchQuery } from "~/domain/body-search";
import type { ContentStatus } from "~/domain/content";
import type { DateField, LibrarySort } from "~/domain/library-query";
import { DENSE_SHARE, ftsPhrase, scanVariants, trigramRange, usesTrigramIndex, walkReachesPageSooner } from "~/domain/search-text";
import { col, parseRow, parseRows, toDbDate } from "~/db-row.server";

// Reads the SQL-only tables of prisma/migrations/*_content_search: ContentListing (one row per item with
// status, updatedAt, all-time views and lower-cased search text), ContentSearch (FTS5 trigram index over
// that text) and ContentSearchTerms (the index's trigrams).

/** The library's filters on ContentListing (decision 018); tags must all be present. */
export interface ListingFilters {
  status?: ContentStatus;
  type?: string;
  authorId?: string;
  tags?: string[];
  dateField?: DateField;
  from?: Date;
  /** Exclusive end. */
  before?: Date;
}

export interface SearchQuery {
  /** Already normalized (normalizeSearch); empty means no search. */
  term: string;
  filters: ListingFilters;
  sort: LibrarySort;
}

/**
 * index: the trigram index finds every match (cost grows with the matches), then they are sorted.
 * scan: check each item's text, walking the sort order for a page (cost grows with how deep the page is).
 */
export type SearchPlan = "index" | "scan";

export interface PreparedSearch {
  query: SearchQuery;
  /** The full-text condition on alias s (null: the index shows nothing matches), looked up when first needed. */
  match: () => Promise<Prisma.Sql | null>;
  /** The text condition on alias l, when a scan can express the term. */
  scan: Prisma.Sql | null;
  /** Share of a sample of the filtered items that match. */
  share: number;
  /** A plan forced for every step (tests compare the two). */
  forced?: SearchPlan;
}

const ORDER: Record<LibrarySort, Prisma.Sql> = {
  newest: Prisma.sql`l."updatedAt" DESC, l."id" DESC`,
  views: Prisma.sql`l."views" DESC, l."id" DESC`,
};
const SAMPLE_ROWS = 1000;

// Row schemas (decision 017).
const TermRow = z.object({ term: col.text });
const ShareRow = z.object({ share: col.sum });
const CountRow = z.object({ n: col.int });
const IdRow = z.object({ contentId: col.text });

const DATE_COLUMN: Record<DateField, Prisma.Sql> = {
  updated: Prisma.sql`l."updatedAt"`,
  created: Prisma.sql`l."createdAt"`,
  published: Prisma.sql`l."publishedAt"`,
};

/**
 * Every filter on alias l as one condition; null when nothing is filtered. Tags: `in` reads each tag's
 * index once (cheaper for counting all matches), `exists` checks row by row (cheaper for walking to one page).
 */
export function filterCondition(f: ListingFilters, tagCheck: "in" | "exists" = "exists"): Prisma.Sql | null {
  const c: Prisma.Sql[] = [];
  if (f.status) c.push(Prisma.sql`l."status" = ${f.status}`);
  if (f.type) c.push(Prisma.sql`l."type" = ${f.type}`);
  if (f.authorId) c.push(Prisma.sql`l."authorId" = ${f.authorId}`);
  const date = DATE_COLUMN[f.dateField ?? "updated"];
  if (f.from) c.push(Prisma.sql`${date} >= ${toDbDate(f.from)}`);
  if (f.before) c.push(Prisma.sql`${date} < ${toDbDate(f.before)}`);
  const tags = f.tags ?? [];
  if (tags.length && tagCheck === "in") {
    // Items holding every chosen tag, in one pass over those tags' index ranges.
    c.push(Prisma.sql`l."contentId" IN (SELECT "contentId" FROM "ContentTag" WHERE "name" IN (${Prisma.join(tags)})
      GROUP BY "contentId" HAVING count(*) = ${tags.length})`);
  } else {
    for (const tag of tags) {
      c.push(Prisma.sql`EXISTS (SELECT 1 FROM "ContentTag" t WHERE t."contentId" = l."contentId" AND t."name" = ${tag})`);
    }
  }
  return c.length ? Prisma.sql`(${Prisma.join(c, " AND ")})` : null;
}

function where(...conditions: (Prisma.Sql | null)[]) {
  const present = conditions.filter((c): c is Prisma.Sql => c !== null);
  return present.length ? Prisma.sql`WHERE ${Prisma.join(present, " AND ")}` : Prisma.empty;
}

/** The term against ContentListing's text; instr, not LIKE, so % and _ are plain characters. */
function scanCondition(variants: string[]): Prisma.Sql {
  const checks = variants.map((v) => Prisma.sql`instr(l."searchTitle", ${v}) > 0 OR instr(l."searchTags", ${v}) > 0`);
  return Prisma.sql`(${Prisma.join(checks, " OR ")})`;
}

async function matchCondition(term: string): Promise<Prisma.Sql | null> {
  if (usesTrigramIndex(term)) return Prisma.sql`s."ContentSearch" MATCH ${ftsPhrase(term)}`;
  // Too short for a trigram: every place the term occurs starts some indexed trigram (the text is padded).
  const [from, to] = trigramRange(term);
  const rows = parseRows(
    TermRow,
    await prisma.$queryRaw<unknown[]>`SELECT "term" FROM "ContentSearchTerms" WHERE "term" BETWEEN ${from} AND ${to}`,
  );
  if (rows.length === 0) return null;
  return Prisma.sql`s."ContentSearch" MATCH ${rows.map((r) => ftsPhrase(r.term)).join(" OR ")}`;
}

async function sampledShare(scan: Prisma.Sql, filters: ListingFilters): Promise<number> {
  const [row] = await prisma.$queryRaw<unknown[]>`
    SELECT avg(${scan}) AS share FROM (SELECT l."searchTitle", l."searchTags" FROM "ContentListing" l ${where(filterCondition(filters))} LIMIT ${SAMPLE_ROWS}) l`;
  return parseRow(ShareRow, row)?.share ?? 0;
}

export async function prepareSearch(query: SearchQuery, forced?: SearchPlan): Promise<PreparedSearch> {
  let lookup: Promise<Prisma.Sql | null> | undefined;
  // Only when a step uses the index: expanding a common short term costs more than scanning for it.
  const match = () => (lookup ??= matchCondition(query.term));
  if (!query.term) return { query, match, scan: null, share: 1, forced };
  const variants = scanVariants(query.term);
  const scan = variants ? scanCondition(variants) : null;
  const share = scan && !forced ? await sampledShare(scan, query.filters) : 0;
  return { query, match, scan, share, forced };
}

const canScan = (p: PreparedSearch) => p.query.term === "" || p.scan !== null;

/**
 * Counting a 3+ character term stays with the index (one trigram list is cheap to count); a shorter
 * term that most items contain is cheaper to count by scanning than by merging its many trigram lists.
 */
function countPlan(p: PreparedSearch): SearchPlan {
  if (!canScan(p)) return "index";
  if (p.forced) return p.forced;
  if (p.query.term === "") return "scan";
  return !usesTrigramIndex(p.query.term) && p.share >= DENSE_SHARE ? "scan" : "index";
}

function pagePlan(p: PreparedSearch, matches: number, offset: number, limit: number): SearchPlan {
  if (!canScan(p)) return "index";
  if (p.forced) return p.forced;
  if (p.query.term === "") return "scan";
  return walkReachesPageSooner({ share: p.share, matches, offset, limit }) ? "scan" : "index";
}

export async function countMatches(p: PreparedSearch): Promise<number> {
  const status = filterCondition(p.query.filters, "in");
  let sql = Prisma.sql`SELECT count(*) AS n FROM "ContentListing" l ${where(status, p.scan)}`;
  if (countPlan(p) === "index") {
    const match = await p.match();
    if (!match) return 0;
    sql = status
      ? Prisma.sql`SELECT count(*) AS n FROM "ContentSearch" s JOIN "ContentListing" l ON l."id" = s."rowid" ${where(match, status)}`
      : Prisma.sql`SELECT count(*) AS n FROM "ContentSearch" s ${where(match)}`;
  }
  const [row] = await prisma.$queryRaw<unknown[]>(sql);
  return CountRow.parse(row).n;
}

/** Ids of matching items in the sort order; limit -1 means all. `matches` is the count, to pick the cheaper plan. */
export async function pageOfMatches(p: PreparedSearch, offset: number, limit: number, matches = Infinity): Promise<string[]> {
  const status = filterCondition(p.query.filters);
  let source = Prisma.sql`"ContentListing" l ${where(status, p.scan)}`;
  if (pagePlan(p, matches, offset, limit) === "index") {
    const match = await p.match();
    if (!match) return [];
    source = Prisma.sql`"ContentSearch" s JOIN "ContentListing" l ON l."id" = s."rowid" ${where(match, status)}`;
  }
  const rows = await prisma.$queryRaw<unknown[]>`
    SELECT l."contentId" FROM ${source} ORDER BY ${ORDER[p.query.sort]} LIMIT ${limit} OFFSET ${offset}`;
  return parseRows(IdRow, rows).map((r) => r.contentId);
}

/**
 * Items whose body has the term's words but whose title and tags do not: they follow the title and
 * tag matches. The body index is a word index (FTS5 unicode61); null when the term is too short for it.
 */
async function bodyOnlySource(p: PreparedSearch, tagCheck: "in" | "exists"): Promise<Prisma.Sql | null> {
  const words = bodyMatchQuery(p.query.term);
  if (!words) return null;
  const match = p.scan ? null : await p.match();
  const notTitleOrTag = p.scan
    ? Prisma.sql`NOT ${p.scan}`
    : match
      ? Prisma.sql`l."id" NOT IN (SELECT s."rowid" FROM "ContentSearch" s WHERE ${match})`
      : null;
  const inBody = Prisma.sql`l."id" IN (SELECT "rowid" FROM "ContentBody" WHERE "ContentBody" MATCH ${words})`;
  return Prisma.sql`"ContentListing" l ${where(inBody, filterCondition(p.query.filters, tagCheck), notTitleOrTag)}`;
}

export async function countBodyOnlyMatches(p: PreparedSearch): Promise<number> {
  const source = await bodyOnlySource(p, "in");
  if (!source) return 0;
  const [row] = await prisma.$queryRaw<unknown[]>`SELECT count(*) AS n FROM ${source}`;
  return CountRow.parse(row).n;
}

export async function pageOfBodyOnlyMatches(p: PreparedSearch, offset: number, limit: number): Promise<string[]> {
  const source = await bodyOnlySource(p, "exists");
  if (!source || limit === 0) return [];
  const rows = await prisma.$queryRaw<unknown[]>`
    SELECT l."contentId" FROM ${source} ORDER BY ${ORDER[p.query.sort]} LIMIT ${limit} OFFSET ${offset}`;
  return parseRows(IdRow, rows).map((r) => r.contentId);
}

const FacetRow = z.object({ value: col.text, n: col.int });
export interface Facets {
  type: Record<string, number>;
  author: Record<string, number>;
  tag: { name: string; count: number }[];
}
export const TAG_FACETS_SHOWN = 16;

/**
 * Counts per filter value: each facet counts the results with every other filter applied (so a
 * count says what choosing that value would show). Tags: the most used among the results.
 */
export async function facetCounts(p: PreparedSearch): Promise<Facets> {
  const { filters } = p.query;
  const words = bodyMatchQuery(p.query.term);
  let matching: Prisma.Sql | null = null;
  if (p.query.term) {
    // One id set, read once from both indexes (an OR of the two made SQLite check every row).
    const title = await p.match();
    const sources = [
      title ? Prisma.sql`SELECT s."rowid" FROM "ContentSearch" s WHERE ${title}` : null,
      words ? Prisma.sql`SELECT "rowid" FROM "ContentBody" WHERE "ContentBody" MATCH ${words}` : null,
    ].filter((c): c is Prisma.Sql => c !== null);
    matching = sources.length ? Prisma.sql`l."id" IN (${Prisma.join(sources, " UNION ")})` : Prisma.sql`0`;
  }
  const grouped = async (column: "type" | "authorId", without: ListingFilters) => {
    const rows = await prisma.$queryRaw<unknown[]>`
      SELECT l.${Prisma.raw(`"${column}"`)} AS value, count(*) AS n FROM "ContentListing" l
      ${where(filterCondition(without, "in"), matching)} GROUP BY 1`;
    return Object.fromEntries(parseRows(FacetRow, rows).map((r) => [r.value, r.n]));
  };
  const narrowed = filterCondition(filters, "in") !== null || matching !== null;
  const [type, author, tagRows] = await Promise.all([
    grouped("type", { ...filters, type: undefined }),
    grouped("authorId", { ...filters, authorId: undefined }),
    // Unfiltered, the tag index alone answers (no join to the listing: 30× faster).
    narrowed
      ? prisma.$queryRaw<unknown[]>`
      SELECT t."name" AS value, count(*) AS n FROM "ContentTag" t JOIN "ContentListing" l ON l."contentId" = t."contentId"
      ${where(filterCondition(filters, "in"), matching)} GROUP BY t."name" ORDER BY n DESC, t."name" LIMIT ${TAG_FACETS_SHOWN}`
      : prisma.$queryRaw<unknown[]>`
      SELECT t."name" AS value, count(*) AS n FROM "ContentTag" t GROUP BY t."name" ORDER BY n DESC, t."name" LIMIT ${TAG_FACETS_SHOWN}`,
  ]);
  return { type, author, tag: parseRows(FacetRow, tagRows).map((r) => ({ name: r.value, count: r.n })) };
}

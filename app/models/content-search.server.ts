import { Prisma } from "@prisma/client";
import { z } from "zod/v4";
import { prisma } from "~/db.server";
import type { ContentStatus } from "~/domain/content";
import type { LibrarySort } from "~/domain/library-query";
import { DENSE_SHARE, ftsPhrase, scanVariants, trigramRange, usesTrigramIndex, walkReachesPageSooner } from "~/domain/search-text";
import { col, parseRow, parseRows } from "~/db-row.server";

// Reads the SQL-only tables of prisma/migrations/*_content_search: ContentListing (one row per item with
// status, updatedAt, all-time views and lower-cased search text), ContentSearch (FTS5 trigram index over
// that text) and ContentSearchTerms (the index's trigrams).

export interface SearchQuery {
  /** Already normalized (normalizeSearch); empty means no search. */
  term: string;
  status?: ContentStatus;
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

const statusCondition = (status?: ContentStatus) => (status ? Prisma.sql`l."status" = ${status}` : null);

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

async function sampledShare(scan: Prisma.Sql, status?: ContentStatus): Promise<number> {
  const [row] = await prisma.$queryRaw<unknown[]>`
    SELECT avg(${scan}) AS share FROM (SELECT l."searchTitle", l."searchTags" FROM "ContentListing" l ${where(statusCondition(status))} LIMIT ${SAMPLE_ROWS}) l`;
  return parseRow(ShareRow, row)?.share ?? 0;
}

export async function prepareSearch(query: SearchQuery, forced?: SearchPlan): Promise<PreparedSearch> {
  let lookup: Promise<Prisma.Sql | null> | undefined;
  // Only when a step uses the index: expanding a common short term costs more than scanning for it.
  const match = () => (lookup ??= matchCondition(query.term));
  if (!query.term) return { query, match, scan: null, share: 1, forced };
  const variants = scanVariants(query.term);
  const scan = variants ? scanCondition(variants) : null;
  const share = scan && !forced ? await sampledShare(scan, query.status) : 0;
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
  const status = statusCondition(p.query.status);
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
  const status = statusCondition(p.query.status);
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

import { Prisma } from "@prisma/client";
import { prisma } from "~/db.server";
import type { ContentStatus } from "~/domain/content";
import type { LibrarySort } from "~/domain/library-query";
import { DENSE_SHARE, ftsPhrase, scanVariants, trigramRange, usesTrigramIndex } from "~/domain/search-text";

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
 * index: the trigram index finds every match, then they are sorted (cost grows with the matches).
 * scan: walk the sort order checking each item's text (cost grows with how far the page is).
 */
export type SearchPlan = "index" | "scan";

export interface PreparedSearch {
  plan: SearchPlan;
  query: SearchQuery;
  /** The full-text condition on alias s, for the index plan; null when the index rules out everything. */
  match: Prisma.Sql | null;
  /** The text condition on alias l, for the scan plan. */
  scan: Prisma.Sql | null;
}

const ORDER: Record<LibrarySort, Prisma.Sql> = {
  newest: Prisma.sql`l."updatedAt" DESC, l."id" DESC`,
  views: Prisma.sql`l."views" DESC, l."id" DESC`,
};
const SAMPLE_ROWS = 1000;

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
  const rows = await prisma.$queryRaw<{ term: string }[]>`SELECT "term" FROM "ContentSearchTerms" WHERE "term" BETWEEN ${from} AND ${to}`;
  if (rows.length === 0) return null;
  return Prisma.sql`s."ContentSearch" MATCH ${rows.map((r) => ftsPhrase(r.term)).join(" OR ")}`;
}

/** Share of a sample of the filtered items that match: many matches make the scan plan cheaper. */
async function sampledShare(scan: Prisma.Sql, status?: ContentStatus): Promise<number> {
  const [row] = await prisma.$queryRaw<{ share: number | null }[]>`
    SELECT avg(${scan}) AS share FROM (SELECT l."searchTitle", l."searchTags" FROM "ContentListing" l ${where(statusCondition(status))} LIMIT ${SAMPLE_ROWS}) l`;
  return Number(row?.share ?? 0);
}

/** Works out how to answer the query; `plan` forces one (tests compare both). */
export async function prepareSearch(query: SearchQuery, plan?: SearchPlan): Promise<PreparedSearch> {
  if (!query.term) return { plan: "scan", query, match: null, scan: null };
  const variants = scanVariants(query.term);
  const scan = variants ? scanCondition(variants) : null;
  const chosen = plan ?? (scan && (await sampledShare(scan, query.status)) >= DENSE_SHARE ? "scan" : "index");
  if (chosen === "scan" && scan) return { plan: "scan", query, match: null, scan };
  return { plan: "index", query, match: await matchCondition(query.term), scan: null };
}

const nothing = (p: PreparedSearch) => p.plan === "index" && p.match === null;

export async function countMatches(p: PreparedSearch): Promise<number> {
  if (nothing(p)) return 0;
  const status = statusCondition(p.query.status);
  const sql =
    p.plan === "scan"
      ? Prisma.sql`SELECT count(*) AS n FROM "ContentListing" l ${where(status, p.scan)}`
      : status
        ? Prisma.sql`SELECT count(*) AS n FROM "ContentSearch" s JOIN "ContentListing" l ON l."id" = s."rowid" ${where(p.match, status)}`
        : Prisma.sql`SELECT count(*) AS n FROM "ContentSearch" s ${where(p.match)}`;
  const [row] = await prisma.$queryRaw<{ n: bigint | number }[]>(sql);
  return Number(row.n);
}

/** Ids of matching items in the sort order; limit -1 means all of them. */
export async function pageOfMatches(p: PreparedSearch, offset: number, limit: number): Promise<string[]> {
  if (nothing(p)) return [];
  const status = statusCondition(p.query.status);
  const source =
    p.plan === "scan"
      ? Prisma.sql`"ContentListing" l ${where(status, p.scan)}`
      : Prisma.sql`"ContentSearch" s JOIN "ContentListing" l ON l."id" = s."rowid" ${where(p.match, status)}`;
  const rows = await prisma.$queryRaw<{ contentId: string }[]>`
    SELECT l."contentId" FROM ${source} ORDER BY ${ORDER[p.query.sort]} LIMIT ${limit} OFFSET ${offset}`;
  return rows.map((r) => r.contentId);
}

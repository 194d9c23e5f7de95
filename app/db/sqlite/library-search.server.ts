import { Prisma } from "@prisma/client";
import { z } from "zod/v4";
import type { SearchPlan } from "~/db/listings.server";
import { readRows } from "./statements.server";
import {
  COUNT_LIMIT,
  FACET_LIMIT,
  TAG_FACETS_SHOWN,
  facetPass,
  facetsOfPasses,
  type Count,
  type ListingFilters,
} from "~/db/library-shared.server";

// The shared parts, where the tests have always imported them from.
export { COUNT_LIMIT, FACET_LIMIT, TAG_FACETS_SHOWN, facetPass, facetsOfPasses, type Count, type ListingFilters };
import { bodyMatchQuery, prefixToSpellOut, spelledOutQuery } from "~/domain/body-search";
import type { Facets } from "~/domain/content-search";
import type { DateField, LibrarySort } from "~/domain/library-query";
import {
  DENSE_SHARE,
  estimateFromReach,
  ftsPhrase,
  monthTokensBetween,
  scanVariants,
  trigramRange,
  usesTrigramIndex,
  walkBudget,
  walkReachesPageSooner,
} from "~/domain/search-text";
import { col, parseRow, parseRows, toDbDate } from "~/db/db-row.server";

// Reads the SQL-only tables of prisma/migrations/*_content_search: ContentListing (one row per item with
// status, updatedAt, all-time views and lower-cased search text), ContentSearch (FTS5 trigram index over
// that text), ContentSearchTerms (the index's trigrams) and ContentBody (the body's words). Both
// full-text indexes also hold each item's filter values as tokens (decision 031), so counting a filtered
// search is one FTS5 query.

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
export type { SearchPlan };

export interface PreparedSearch {
  query: SearchQuery;
  /** The title and tag query for ContentSearch (null: the index shows nothing matches), looked up when first needed. */
  title: () => Promise<string | null>;
  /** The body query for ContentBody (null: the term is too short for it), looked up when first needed. */
  body: () => string | null;
  /** The filters as tokens of both indexes: null when they have none (nothing filtered, or a date range), "none" when no item has a chosen value. */
  facets: () => Promise<string | null | "none">;
  /** The text condition on alias l, when a scan can express the term. */
  scan: Prisma.Sql | null;
  /** Share of a sample of the filtered items that match, sampled when first needed (a search whose page holds no title match never needs it). */
  share: () => Promise<number>;
  /** A plan forced for every step (tests compare the two). */
  forced?: SearchPlan;
  /** Items holding the rarest chosen tag, and their share of all items (Infinity and 1 without tags). */
  tagged: { matches: number; share: number };
  /** About how many items there are (the highest listing id: O(1)). */
  items: number;
  /**
   * Every title and tag match (narrowed to the filters' tokens), kept by `countMatches` when it found
   * them all: the body-only steps leave these out without running the title query again.
   */
  exactTitleIds: number[] | null;
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
 * index once (cheaper for counting all matches), `exists` checks row by row (cheaper for walking to one
 * page). `tags first` is `in` with the other columns' indexes switched off (unary +): the chosen
 * tags' items (few) drive, each checked against the rest.
 */
export function filterCondition(f: ListingFilters, tagCheck: "in" | "exists" | "tags first" = "exists"): Prisma.Sql | null {
  const c: Prisma.Sql[] = [];
  const off = tagCheck === "tags first" && (f.tags?.length ?? 0) > 0;
  const on = (column: Prisma.Sql) => (off ? Prisma.sql`+${column}` : column);
  if (f.status) c.push(Prisma.sql`${on(Prisma.sql`l."status"`)} = ${f.status}`);
  if (f.type) c.push(Prisma.sql`${on(Prisma.sql`l."type"`)} = ${f.type}`);
  if (f.authorId) c.push(Prisma.sql`${on(Prisma.sql`l."authorId"`)} = ${f.authorId}`);
  const date = on(DATE_COLUMN[f.dateField ?? "updated"]);
  if (f.from) c.push(Prisma.sql`${date} >= ${toDbDate(f.from)}`);
  if (f.before) c.push(Prisma.sql`${date} < ${toDbDate(f.before)}`);
  const tags = f.tags ?? [];
  if (tags.length && (tagCheck === "in" || tagCheck === "tags first")) {
    // Items holding every chosen tag, each tag's items read in contentId order from its index range.
    const each = tags.map((tag) => Prisma.sql`SELECT "contentId" FROM "ContentTag" WHERE "name" = ${tag}`);
    c.push(Prisma.sql`l."contentId" IN (${Prisma.join(each, " INTERSECT ")})`);
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

/** Spelled out past this many longer words, a prefix stays a prefix. */
const MAX_SPELLED_OUT = 20;

/**
 * The term as a ContentBody query. FTS5 reads every document of a prefix before the query's first
 * row, so its last word, when the index can list them, becomes the words it stands for: the query then
 * streams, and a count that stops at the cap reads only that far (decision 059).
 */
function bodyQuery(term: string): string | null {
  const prefix = prefixToSpellOut(term);
  if (!prefix) return bodyMatchQuery(term);
  const next = prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
  const longer = parseRows(
    TermRow,
    // ≥ prefix + U+0001 (no word holds it), not > prefix: the word list would read the prefix's own documents to pass it.
    readRows(
      Prisma.sql`SELECT "term" FROM "ContentBodyTerms" WHERE "term" >= ${`${prefix}\u0001`} AND "term" < ${next} LIMIT ${MAX_SPELLED_OUT + 1}`,
    ),
  ).map((r) => r.term);
  return longer.length > MAX_SPELLED_OUT ? bodyMatchQuery(term) : spelledOutQuery(term, longer);
}

/** The term as a ContentSearch query on the title and tag columns (never the filter tokens). */
async function titleQuery(term: string): Promise<string | null> {
  const within = (q: string) => `{searchTitle searchTags} : (${q})`;
  if (usesTrigramIndex(term)) return within(ftsPhrase(term));
  // Too short for a trigram: every place the term occurs starts some indexed trigram (the text is padded).
  const [from, to] = trigramRange(term);
  const rows = parseRows(TermRow, readRows(Prisma.sql`SELECT "term" FROM "ContentSearchTerms" WHERE "term" BETWEEN ${from} AND ${to}`));
  if (rows.length === 0) return null;
  return within(rows.map((r) => ftsPhrase(r.term)).join(" OR "));
}

/** A SearchFacetCode row's token (alias f): the expression of migration 20261125210000_library_filter_tokens. */
const FACET_CODE = Prisma.sql`char(57344 + instr('stag', f."kind") - 1, 57600 + f."id" / 2000, 59600 + f."id" % 2000)`;
const CodeRow = z.object({ code: col.text });

/** The filters as an FTS5 query on their tokens (decision 031); a date range has none. */
async function facetQuery(f: ListingFilters): Promise<string | null | "none"> {
  if (f.from || f.before) return null;
  const chosen = [
    ...(f.status ? [["s", f.status]] : []),
    ...(f.type ? [["t", f.type]] : []),
    ...(f.authorId ? [["a", f.authorId]] : []),
    ...[...new Set(f.tags ?? [])].map((tag) => ["g", tag]),
  ];
  if (chosen.length === 0) return null;
  const each = chosen.map(([kind, value]) => Prisma.sql`(f."kind" = ${kind} AND f."value" = ${value})`);
  const rows = parseRows(
    CodeRow,
    readRows(Prisma.sql`SELECT ${FACET_CODE} AS code FROM "SearchFacetCode" f WHERE ${Prisma.join(each, " OR ")}`),
  );
  // A value no item ever had has no token.
  return rows.length < chosen.length ? "none" : rows.map((r) => ftsPhrase(r.code)).join(" AND ");
}

/**
 * Without a term: whether the filters' tokens pick the items sooner than the listing's indexes. One
 * column's own index is as quick as its tokens; a tag (each item looked up through ContentTag) or two
 * values (one index, the rest checked row by row) are not.
 */
function tokensPickSooner(f: ListingFilters): boolean {
  const values = [f.status, f.type, f.authorId].filter(Boolean).length + (f.tags?.length ?? 0);
  return (f.tags?.length ?? 0) > 0 || values >= 2;
}
const tokenIds = (facets: string) =>
  Prisma.sql`SELECT "rowid" AS id FROM "ContentBody" WHERE "ContentBody" MATCH ${`facets : (${facets})`}`;

/** `query` on ContentSearch, narrowed to the filters' tokens when they have some. */
const titleWithin = (query: string, facets: string | null) => (facets ? `${query} AND searchFacets : (${facets})` : query);
/** The body words on ContentBody, narrowed to the filters' tokens when they have some. */
const bodyWithin = (words: string, facets: string | null) => `body : (${words})${facets ? ` AND facets : (${facets})` : ""}`;
const titleMatch = (query: string) => Prisma.sql`s."ContentSearch" MATCH ${query}`;

/** The share of a sample of the filtered items (picked by their tokens when given) that the scan condition matches. */
export function shareSample(scan: Prisma.Sql, filters: ListingFilters, facets: string | null = null): Prisma.Sql {
  // A chosen tag's sample costs an index lookup per row: a quarter of the rows still picks the plan (±3%).
  const rows = filters.tags?.length ? SAMPLE_ROWS / 4 : SAMPLE_ROWS;
  const filter = filterCondition(filters, "in");
  // Unfiltered, in id order: the titles' own index would hand over the alphabetically first ones.
  const order = filter ? Prisma.empty : Prisma.sql`ORDER BY l."id"`;
  const source = facets
    ? Prisma.sql`(${tokenIds(facets)}) m CROSS JOIN "ContentListing" l WHERE l."id" = m.id`
    : Prisma.sql`"ContentListing" l ${where(filter)} ${order}`;
  return Prisma.sql`SELECT avg(${scan}) AS share FROM (SELECT l."searchTitle", l."searchTags" FROM ${source} LIMIT ${rows}) l`;
}

async function sampledShare(scan: Prisma.Sql, filters: ListingFilters, facets: string | null): Promise<number> {
  const [row] = readRows(shareSample(scan, filters, facets));
  return parseRow(ShareRow, row)?.share ?? 0;
}

async function itemCount(): Promise<number> {
  const [row] = readRows(Prisma.sql`SELECT coalesce(max("id"), 1) AS n FROM "ContentListing"`);
  return CountRow.parse(row).n;
}

async function rarestTag(tags: string[], items: number): Promise<PreparedSearch["tagged"]> {
  if (tags.length === 0) return { matches: Infinity, share: 1 };
  const counts = tags.map((tag) => Prisma.sql`(SELECT count(*) FROM "ContentTag" WHERE "name" = ${tag})`);
  const [row] = readRows(Prisma.sql`SELECT min(${Prisma.join(counts)}) AS n`);
  const n = CountRow.parse(row).n;
  return { matches: n, share: n / items };
}

/**
 * How a page checks tags: walking the sort order and checking each item (a common tag), or starting
 * from the tags' index ranges (a rare tag, or several: items holding all of them are usually few).
 */
function pageTagCheck(p: PreparedSearch, offset: number, limit: number): "in" | "exists" {
  const tags = p.query.filters.tags ?? [];
  if (tags.length > 1) return "in";
  return walkReachesPageSooner({ ...p.tagged, offset, limit }) ? "exists" : "in";
}

export async function prepareSearch(query: SearchQuery, forced?: SearchPlan): Promise<PreparedSearch> {
  let lookup: Promise<string | null> | undefined;
  let tokens: Promise<string | null | "none"> | undefined;
  // Only when a step uses the index: expanding a common short term costs more than scanning for it.
  const title = () => (lookup ??= titleQuery(query.term));
  const facets = () => (tokens ??= facetQuery(query.filters));
  let words: string | null | undefined;
  const body = () => (words === undefined ? (words = bodyQuery(query.term)) : words);
  const items = await itemCount();
  const tagged = await rarestTag(query.filters.tags ?? [], items);
  const prepared = { query, title, body, facets, forced, tagged, items, exactTitleIds: null };
  if (!query.term) return { ...prepared, scan: null, share: async () => 1 };
  const variants = scanVariants(query.term);
  const scan = variants ? scanCondition(variants) : null;
  let sampled: Promise<number> | undefined;
  const share = () =>
    (sampled ??= (async () => {
      // A tag or two values: their tokens pick the sample sooner (none of them: nothing to sample).
      const picked = tokensPickSooner(query.filters) ? await facets() : null;
      return scan && !forced && picked !== "none" ? sampledShare(scan, query.filters, picked) : 0;
    })());
  return { ...prepared, scan, share };
}

/** The title query narrowed to the filters' tokens, null when nothing can match; false when the filters have no tokens. */
async function titleWithFacets(p: PreparedSearch): Promise<string | null | false> {
  const [title, facets] = await Promise.all([p.title(), p.facets()]);
  if (!title || facets === "none") return null;
  return facets ? titleWithin(title, facets) : false;
}

const canScan = (p: PreparedSearch) => p.query.term === "" || p.scan !== null;

/**
 * Counting a 3+ character term stays with the index (one trigram list is cheap to count); a shorter
 * term that most items contain is cheaper to count by scanning than by merging its many trigram lists.
 */
async function countPlan(p: PreparedSearch): Promise<SearchPlan> {
  if (!canScan(p)) return "index";
  if (p.forced) return p.forced;
  if (p.query.term === "") return "scan";
  return !usesTrigramIndex(p.query.term) && (await p.share()) >= DENSE_SHARE ? "scan" : "index";
}

async function pagePlan(p: PreparedSearch, matches: number, offset: number, limit: number): Promise<SearchPlan> {
  if (!canScan(p)) return "index";
  if (p.forced) return p.forced;
  if (p.query.term === "") return "scan";
  return walkReachesPageSooner({ share: await p.share(), matches, offset, limit }) ? "scan" : "index";
}

/** The filtered items whose text holds the term, checked one by one: a dense short term reads the titles' own index (decision 031). */
export const scanIds = (p: PreparedSearch) =>
  Prisma.sql`SELECT l."id" AS id FROM "ContentListing" l ${where(filterCondition(p.query.filters, "tags first"), p.scan)}`;

const exactly = (n: number): Count => ({ n, exact: true, estimate: n });

const CappedRow = z.object({ n: col.int, reach: col.int.nullable() });

/** Counts `ids` (a SELECT of one column, id) up to `cap`; `inIdOrder` when they come in id order. */
function countUpTo(ids: Prisma.Sql, cap: number, items: number, inIdOrder: boolean): Count {
  const [row] = readRows(Prisma.sql`SELECT count(*) AS n, max(id) AS reach FROM (${ids} LIMIT ${cap + 1})`);
  const { n, reach } = CappedRow.parse(row);
  return cappedCount(n, cap, inIdOrder ? reach : null, items);
}

/** `n` results read, at most `cap + 1`; `reach` the highest id read when they came in id order. */
function cappedCount(n: number, cap: number, reach: number | null, items: number): Count {
  if (n <= cap) return exactly(n);
  return { n: cap, exact: false, estimate: reach ? estimateFromReach(cap, reach, items) : null };
}

/**
 * Title and tag matches. Without a term it is exact (an index range or a token list: cheap); with one it
 * stops past `max(limit, atLeast)`: pass the results up to the page asked for and one more.
 */
export async function countMatches(p: PreparedSearch, atLeast = 0, limit = COUNT_LIMIT): Promise<Count> {
  const status = filterCondition(p.query.filters, "tags first");
  if (p.query.term === "") {
    let ids = scanIds(p);
    if (tokensPickSooner(p.query.filters)) {
      const facets = await p.facets();
      if (facets === "none") return exactly(0);
      if (facets) ids = tokenIds(facets);
    }
    const [row] = readRows(Prisma.sql`SELECT count(*) AS n FROM (${ids})`);
    return exactly(CountRow.parse(row).n);
  }
  const cap = Math.max(limit, atLeast);
  if ((await countPlan(p)) === "scan") return countUpTo(scanIds(p), cap, p.items, false);
  const title = await p.title();
  if (!title) return exactly(0);
  const narrowed = status ? await titleWithFacets(p) : false;
  if (narrowed === null) return exactly(0);
  // Filters with tokens: one FTS5 list. A date range: walk the filters' index (it holds the id) and
  // probe the matches' ids, so no row is read.
  if (narrowed || !status) {
    const ids = idRows(Prisma.sql`SELECT s."rowid" AS id FROM "ContentSearch" s WHERE ${titleMatch(narrowed || title)} LIMIT ${cap + 1}`);
    if (ids.length <= cap) p.exactTitleIds = ids;
    return cappedCount(ids.length, cap, ids.at(-1) ?? null, p.items);
  }
  return countUpTo(
    Prisma.sql`SELECT l."id" AS id FROM "ContentListing" l WHERE +l."id" IN (SELECT s."rowid" FROM "ContentSearch" s WHERE ${titleMatch(title)}) AND ${status}`,
    cap,
    p.items,
    false,
  );
}

const NumberIdRow = z.object({ id: col.int });
const idRows = (query: Prisma.Sql) => parseRows(NumberIdRow, readRows(query)).map((r) => r.id);

/** Ids of matching items in the sort order; limit -1 means all. `matches` is the count, to pick the cheaper plan. */
export async function pageOfMatches(p: PreparedSearch, offset: number, limit: number, matches = Infinity): Promise<string[]> {
  const tagCheck = pageTagCheck(p, offset, limit);
  const f = p.query.filters;
  const known = matches < Infinity;
  const walkSooner = known && walkReachesPageSooner({ share: matches / p.items, matches, offset, limit });
  if ((await pagePlan(p, matches, offset, limit)) === "scan") {
    // No term, and few items hold the filters' tokens: their ids drive, and only they are sorted.
    if (p.query.term === "" && known && !walkSooner && tokensPickSooner(f)) {
      const facets = await p.facets();
      if (facets === "none") return [];
      if (facets) return idsOf(Prisma.sql`(${tokenIds(facets)}) m CROSS JOIN "ContentListing" l WHERE l."id" = m.id`, p, offset, limit);
    }
    // Filtered columns with no index that also gives the order: walk the sort order instead of sorting them all.
    if (walkSooner && tagCheck === "exists" && !indexGivesOrder(f, p.query.sort)) {
      const walked = boundedWalk(p, offset, limit, matches);
      if (walked) return walked;
    }
    return idsOf(Prisma.sql`"ContentListing" l ${where(filterCondition(f, tagCheck), p.scan)}`, p, offset, limit);
  }
  const title = await p.title();
  if (!title) return [];
  const status = filterCondition(f, tagCheck);
  return idsOf(
    Prisma.sql`"ContentSearch" s JOIN "ContentListing" l ON l."id" = s."rowid" ${where(titleMatch(title), status)}`,
    p,
    offset,
    limit,
  );
}

function idsOf(source: Prisma.Sql, p: PreparedSearch, offset: number, limit: number): string[] {
  const rows = readRows(Prisma.sql`SELECT l."contentId" FROM ${source} ORDER BY ${ORDER[p.query.sort]} LIMIT ${limit} OFFSET ${offset}`);
  return parseRows(IdRow, rows).map((r) => r.contentId);
}

/**
 * One filtered column with a (column, order) index: status in either order, type or author by newest.
 * A date column or two columns have none.
 */
function indexGivesOrder(f: ListingFilters, sort: LibrarySort): boolean {
  const columns = [f.status, f.type, f.authorId, f.from ?? f.before].filter(Boolean).length;
  if (columns !== 1 || f.from || f.before) return columns === 0;
  return sort === "newest" || Boolean(f.status);
}

/**
 * Walks the sort order, checking each item, reading at most `walkBudget` items: a filter that
 * correlates with the order (a date range) may hold its items far down it. Null when the page did not
 * fill within that: the caller sorts the matches instead (decision 034).
 */
function boundedWalk(p: PreparedSearch, offset: number, limit: number, matches: number): string[] | null {
  const budget = walkBudget({ offset, limit, items: p.items, matches });
  const first = Prisma.sql`(SELECT * FROM "ContentListing" l ORDER BY ${ORDER[p.query.sort]} LIMIT ${budget}) l`;
  const ids = idsOf(Prisma.sql`${first} ${where(filterCondition(p.query.filters, "exists"), p.scan)}`, p, offset, limit);
  return ids.length === limit || budget >= p.items ? ids : null;
}

/**
 * Items whose body has the term's words but whose title and tags do not, on alias l: they follow the
 * title and tag matches. The body index is a word index (FTS5 unicode61); null when the term is too
 * short for it. Each id is probed in the body set, then out of the title set: cheaper than building the
 * EXCEPT of the two. `id` is how the body probe writes the id (`+l."id"`: never start from the body set).
 */
async function bodyOnlyCondition(p: PreparedSearch, id: Prisma.Sql, within: string | null = null): Promise<Prisma.Sql | null> {
  const words = p.body();
  if (!words) return null;
  return Prisma.sql`${id} IN (SELECT "rowid" FROM "ContentBody" WHERE "ContentBody" MATCH ${bodyWithin(words, within)})${await notTitled(p, Prisma.sql`+l."id"`, null)}`;
}

/** `AND id NOT IN (the title and tag matches, narrowed to facets)`, or nothing when the index shows none. */
async function notTitled(p: PreparedSearch, id: Prisma.Sql, facets: string | null): Promise<Prisma.Sql> {
  // Narrowed or not, the same items pass: every caller also applies the filters.
  if (p.exactTitleIds) {
    return p.exactTitleIds.length
      ? Prisma.sql` AND ${id} NOT IN (SELECT "value" FROM json_each(${JSON.stringify(p.exactTitleIds)}))`
      : Prisma.empty;
  }
  const title = await p.title();
  return title
    ? Prisma.sql` AND ${id} NOT IN (SELECT s."rowid" FROM "ContentSearch" s WHERE ${titleMatch(titleWithin(title, facets))})`
    : Prisma.empty;
}

/** Items matching only in their body, counted like `countMatches` (pass the title matches' share of the limit). */
export async function countBodyOnlyMatches(p: PreparedSearch, atLeast = 0, limit = COUNT_LIMIT): Promise<Count> {
  const words = p.body();
  if (!words) return exactly(0);
  // The body matches (with the filters' tokens) drive, each probed out of the title set; with a date
  // range the filters' index drives. Either way counting stops once past the cap.
  const cap = Math.max(limit, atLeast, 0);
  const filters = filterCondition(p.query.filters, "tags first");
  const facets = await p.facets();
  if (facets === "none") return exactly(0);
  if (filters && !facets) {
    const ids = Prisma.sql`SELECT l."id" AS id FROM "ContentListing" l WHERE ${(await bodyOnlyCondition(p, Prisma.sql`+l."id"`))!} AND ${filters}`;
    return countUpTo(ids, cap, p.items, false);
  }
  const ids = Prisma.sql`SELECT "rowid" AS id FROM "ContentBody" WHERE "ContentBody" MATCH ${bodyWithin(words, facets)}${await notTitled(p, Prisma.sql`"rowid"`, facets)}`;
  return countUpTo(ids, cap, p.items, true);
}

/**
 * `count`: the body-only count; when they are common, walking the sort order finds a page sooner. A
 * count stopped at its limit gives its estimate, or else a lower bound: when even it says walk, so
 * would any larger count (the first pages of a common word). Otherwise the body index's own count
 * (title matches included, so an upper bound) says how common they are, for one more index read.
 */
export async function pageOfBodyOnlyMatches(
  p: PreparedSearch,
  offset: number,
  limit: number,
  count: Count = exactly(0),
): Promise<string[]> {
  if (limit === 0) return [];
  const words = p.body();
  const walkFor = (matches: number) => walkReachesPageSooner({ share: matches / p.items, matches, offset, limit });
  let walk = walkFor(count.estimate ?? count.n);
  if (!walk && count.estimate === null && words) {
    const [row] = readRows(Prisma.sql`SELECT count(*) AS n FROM "ContentBody" WHERE "ContentBody" MATCH ${bodyWithin(words, null)}`);
    walk = walkFor(CountRow.parse(row).n);
  }
  if (walk && p.query.sort === "newest") {
    const recent = await walkRecentMonths(p, offset, limit, count.estimate ?? count.n);
    if (recent) return recent;
  }
  // Common matches: walk the sort order's index and probe each item; rare ones: start from the body set.
  const bodyOnly = await bodyOnlyCondition(p, walk ? Prisma.sql`+l."id"` : Prisma.sql`l."id"`);
  if (!bodyOnly) return [];
  const filters = filterCondition(p.query.filters, pageTagCheck(p, offset, limit));
  return idsOf(Prisma.sql`"ContentListing" l ${where(bodyOnly, filters)}`, p, offset, limit);
}

const EdgeRow = z.object({ newest: col.text.nullable(), edge: col.text.nullable() });
/** The most months a walk reads by their tokens; a walk reaching further reads every match. */
const MAX_WALK_MONTHS = 24;

/**
 * Body-only matches of a common word, newest first (decision 034): the body index gives only the
 * matches of the months the walk should reach (their tokens), not all of them. Null when those months
 * are too many or the page did not fill within them: the caller walks every match.
 */
async function walkRecentMonths(p: PreparedSearch, offset: number, limit: number, matches: number): Promise<string[] | null> {
  const budget = walkBudget({ offset, limit, items: p.items, matches });
  if (budget >= p.items) return null;
  const [row] = readRows(Prisma.sql`
    SELECT (SELECT "updatedAt" FROM "ContentListing" ORDER BY "updatedAt" DESC LIMIT 1) AS newest,
      (SELECT "updatedAt" FROM "ContentListing" ORDER BY "updatedAt" DESC, "id" DESC LIMIT 1 OFFSET ${budget - 1}) AS edge`);
  const { newest, edge } = EdgeRow.parse(row);
  if (!newest || !edge) return null;
  const months = monthTokensBetween(edge, newest);
  if (months.length > MAX_WALK_MONTHS) return null;
  const bodyOnly = await bodyOnlyCondition(p, Prisma.sql`+l."id"`, months.map(ftsPhrase).join(" OR "));
  if (!bodyOnly) return [];
  // Stored dates sort as text: every date of the edge's month and later.
  const since = Prisma.sql`l."updatedAt" >= ${edge.slice(0, 7)}`;
  const filters = filterCondition(p.query.filters, pageTagCheck(p, offset, limit));
  const ids = idsOf(Prisma.sql`"ContentListing" l ${where(since, bodyOnly, filters)}`, p, offset, limit);
  return ids.length === limit ? ids : null;
}

/** The order facets read results in, title matches before body-only ones: the same on both engines. */
const BY_ID = Prisma.sql`ORDER BY l."id"`;

/**
 * The results with `filters`, as rows of alias l (`FROM … WHERE …`), read in an order that can stop
 * early (LIMIT). The id lists drive: title and tag matches, then body-only ones, each narrowed to the
 * filters' tokens (decision 031), each id looked up once and checked against the filters. A common
 * short term is checked item by item.
 */
async function resultSource(p: PreparedSearch): Promise<(filters: ListingFilters) => Promise<Prisma.Sql>> {
  const { term } = p.query;
  const words = p.body();
  const listing = (...on: (Prisma.Sql | null)[]) => Prisma.sql`"ContentListing" l ${where(...on)}`;
  const filtered = (filters: ListingFilters) => filterCondition(filters, "tags first");
  // The search's own filters have their tokens looked up once already; a pass without one looks up its own.
  const tokensOf = (filters: ListingFilters) => (filters === p.query.filters ? p.facets() : facetQuery(filters));
  if (!term)
    return async (filters) => {
      // Any chosen value reads its tokens: their ids come in id order, which a column's index (type,
      // then author) does not give without sorting every match.
      const facets = await tokensOf(filters);
      if (facets === "none") return listing(Prisma.sql`0`);
      // The tokens' ids in id order, each looked up once (CROSS JOIN keeps the order, so LIMIT stops early).
      return facets
        ? Prisma.sql`(${tokenIds(facets)}) m CROSS JOIN "ContentListing" l ${where(Prisma.sql`l."id" = m.id`)}`
        : Prisma.sql`${listing(filtered(filters))} ${BY_ID}`;
    };
  if (!words && p.scan && (await p.share()) >= DENSE_SHARE)
    return async (filters) => Prisma.sql`${listing(p.scan, filtered(filters))} ${BY_ID}`;
  const title = await p.title();
  const lists = (facets: string | null) => {
    const titleIds = title
      ? Prisma.sql`SELECT s."rowid" AS id FROM "ContentSearch" s WHERE ${titleMatch(titleWithin(title, facets))}`
      : null;
    const bodyIds = words
      ? Prisma.sql`SELECT "rowid" AS id FROM "ContentBody" WHERE "ContentBody" MATCH ${bodyWithin(words, facets)}`
      : null;
    return { titleIds, bodyIds };
  };
  return async (filters) => {
    const facets = await tokensOf(filters);
    if (facets === "none") return listing(Prisma.sql`0`);
    const { titleIds, bodyIds } = lists(facets);
    // With tokens the id lists hold only the filtered items already.
    const filter = facets ? null : filtered(filters);
    if (!titleIds && !bodyIds) return listing(Prisma.sql`0`);
    // Chosen tags without tokens (a date range too) are few items: start from their index ranges and
    // probe each item's id in the title set, then the body set.
    if (!facets && filters.tags?.length) {
      const sets = [titleIds, bodyIds].filter((c): c is Prisma.Sql => c !== null).map((set) => Prisma.sql`+l."id" IN (${set})`);
      const titlesFirst = titleIds && bodyIds ? Prisma.sql`ORDER BY ${sets[0]} DESC, l."id"` : BY_ID;
      return Prisma.sql`${listing(Prisma.sql`(${Prisma.join(sets, " OR ")})`, filter)} ${titlesFirst}`;
    }
    const bodyOnly = bodyIds && titleIds ? Prisma.sql`${bodyIds} AND "rowid" NOT IN (${titleIds})` : bodyIds;
    const ids = Prisma.join(
      [titleIds, bodyOnly].filter((c): c is Prisma.Sql => c !== null),
      " UNION ALL ",
    );
    // CROSS JOIN keeps the written order, so reading stops at the LIMIT instead of collecting every id first.
    return Prisma.sql`(${ids}) m CROSS JOIN "ContentListing" l ${where(Prisma.sql`l."id" = m.id`, filter)}`;
  };
}

/**
 * Counts per filter value: each facet counts the results with every other filter applied (so a
 * count says what choosing that value would show). Each facet reads at most FACET_LIMIT + 1 results,
 * once: more than that, and the counts are left out rather than guessed.
 */
export async function facetCounts(p: PreparedSearch, limit = FACET_LIMIT): Promise<Facets> {
  const { filters } = p.query;
  const source = await resultSource(p);
  // One statement per distinct set of results: the first FACET_LIMIT + 1 are read once, then grouped by
  // type and author and (for the results with every filter) by tag. Type and author share a pass when
  // neither is chosen; the tags share the pass of the results with every filter.
  const pass = async (without: ListingFilters, withTags: boolean) => {
    const tags = withTags
      ? Prisma.sql`UNION ALL SELECT 'tag', t."name", '', count(*), row_number() OVER (ORDER BY count(*) DESC, t."name")
          FROM "ContentTag" t WHERE t."contentId" IN (SELECT "contentId" FROM "first") GROUP BY t."name"`
      : Prisma.empty;
    const rows = readRows(Prisma.sql`
      WITH "first" AS MATERIALIZED (
        SELECT l."contentId", l."type", l."authorId" FROM ${await source(without)} LIMIT ${limit + 1})
      SELECT 'group' AS kind, "type" AS a, "authorId" AS b, count(*) AS n, 0 AS rank FROM "first" GROUP BY 2, 3
      ${tags}`);
    return facetPass(rows, limit);
  };
  return facetsOfPasses(filters, pass, limit);
}

// What both engines' library bodies share (decisions 018, 024, 034, 068): the filters, how a capped
// count reads, the limits, and the facet rows each engine's statement answers, parsed once.
import { z } from "zod/v4";
import { col, parseRows } from "~/db/db-row.server";
import type { ContentCard, ContentStatus } from "~/domain/content";
import type { Facets } from "~/domain/content-search";
import type { DateField } from "~/domain/library-query";

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

/**
 * A count that may stop early (decision 034): `exact` false makes `n` a lower bound. `estimate` guesses
 * the whole from how far the ids reached when they come in id order (an FTS5 list), null when they do not.
 */
export interface Count {
  n: number;
  exact: boolean;
  estimate: number | null;
}
/** A search's counts stop here (or past the page asked for): "1,000+ items" (decision 034). */
export const COUNT_LIMIT = 1000;

const FacetRow = z.object({ kind: col.text, a: col.text, b: col.text, n: col.int, rank: col.int });
export const TAG_FACETS_SHOWN = 16;
/**
 * Counts are exact up to this many results and left out above it: reading a result and its tags
 * costs several microseconds, and up to three passes run, so 1,000 keeps them within the 20 ms budget
 * at 100,000 items (decisions 024 and 034).
 */
export const FACET_LIMIT = 1000;

/** One pass's rows (kind group: type a, author b; kind tag: name a, ranked) as counts, null past `limit`. */
export function facetPass(rows: unknown, limit: number): Omit<Facets, "limit"> {
  const parsed = parseRows(FacetRow, rows);
  const groups = parsed.filter((r) => r.kind === "group");
  const total = groups.reduce((a, r) => a + r.n, 0);
  const sum = (key: "a" | "b") => {
    if (total > limit) return null;
    const out: Record<string, number> = {};
    for (const r of groups) out[r[key]] = (out[r[key]] ?? 0) + r.n;
    return out;
  };
  const tagRows = parsed.filter((r) => r.kind === "tag" && r.rank <= TAG_FACETS_SHOWN).sort((x, y) => x.rank - y.rank);
  return { type: sum("a"), author: sum("b"), tag: tagRows.map((r) => ({ name: r.a, count: total > limit ? null : r.n })) };
}

/** Each facet counts the results with every other filter applied: one pass per distinct set of filters. */
export async function facetsOfPasses(
  filters: ListingFilters,
  pass: (filters: ListingFilters, withTags: boolean) => Promise<Omit<Facets, "limit">>,
  limit: number,
): Promise<Facets> {
  const all = pass(filters, true);
  const [withAll, withoutType, withoutAuthor] = await Promise.all([
    all,
    filters.type ? pass({ ...filters, type: undefined }, false) : all,
    filters.authorId ? pass({ ...filters, authorId: undefined }, false) : all,
  ]);
  return { type: withoutType.type, author: withoutAuthor.author, tag: withAll.tag, limit };
}

// A page of cards: item, author, tags in their order (JSON text) and all-time views.
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

export function cardsOfRows(raw: unknown[]): ContentCard[] {
  return parseRows(CardRow, raw).map(({ publishedAt, updatedAt, tags, ...r }) => ({
    ...r,
    date: (publishedAt ?? updatedAt).toISOString(),
    tags: z.array(z.string()).parse(JSON.parse(tags)),
  }));
}

/** The cards in the order of `ids`. */
export function inOrderOf(ids: string[], cards: ContentCard[]): ContentCard[] {
  const position = new Map(ids.map((id, i) => [id, i]));
  return cards.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
}

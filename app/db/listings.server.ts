// The lists the screens show (decisions 018, 034, 046, 068): the library's page of cards with its
// search, counts and facets, the assistant's title matches, the dashboard's recent cards and the
// calendar's posts. One interface, a body per engine: SQLite's FTS5 indexes and plans on the read
// connection, PostgreSQL's pg_trgm and tsvector indexes through Prisma. Same results in the same order.
import type { ContentCard } from "~/domain/content";
import type { Facets } from "~/domain/content-search";
import type { LibrarySort, PageWindow } from "~/domain/library-query";
import { perEngine } from "~/db/engine.server";
import type { ListingFilters } from "~/db/library-shared.server";
import * as postgres from "~/db/postgres/listings.server";
import * as sqlite from "~/db/sqlite/listings.server";

export interface LibraryPageQuery extends ListingFilters {
  q: string;
  sort: LibrarySort;
  page: number;
  pageSize: number;
  /** Also count items per filter value (the More Filters panel). */
  facets?: boolean;
}

export interface LibraryPage {
  items: ContentCard[];
  window: PageWindow & { exact: boolean };
  /** The items on the page that match only in their body. */
  bodyMatches: string[];
  facets: Facets | null;
}

/** How SQLite's search reads (tests force one); PostgreSQL's planner picks its own. */
export type SearchPlan = "index" | "scan";

export interface Listings {
  /** One page of the library, and where it sits (a page past the end shows the last one); counts stop at `countLimit`. */
  libraryPage(query: LibraryPageQuery, countLimit: number, plan?: SearchPlan): Promise<LibraryPage>;
  /** The ids of the first `limit` title and tag matches (term already normalized), in the sort order. */
  titleMatches(query: { term: string; filters: ListingFilters; sort: LibrarySort }, limit: number): Promise<string[]>;
  /** Type, author and tag counts over the first `limit` + 1 results of the (normalized) term. */
  facetCounts(term: string, filters: ListingFilters, limit?: number): Promise<Facets>;
  /** The most recently edited items' cards. */
  recentCards(take: number): Promise<ContentCard[]>;
  /** The calendar's posts dated (published, else scheduled) within [start, end), with their item's title. */
  calendarPostRows(range: { start: Date; end: Date }, filter: { channel: string; status: string; author: string }): Promise<unknown[]>;
}

export const listings = perEngine<Listings>({ sqlite: () => sqlite, postgresql: () => postgres });

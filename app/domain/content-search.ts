import { z } from "zod";

/** One hit of the quick search: enough to show it and open it in the editor. */
export interface ContentMatch {
  id: string;
  title: string;
  /** The item's summary (may be empty). */
  excerpt: string;
  type: string;
  status: string;
}

/** What GET /search answers; `q` says which term the answer is for. */
export interface SearchAnswer {
  q: string;
  items: ContentMatch[];
  error: string | null;
}

export const SEARCH_LIMIT = 8;
export const SEARCH_TERM_MAX = 100;

/** `?q=` of the search route: trimmed; missing or blank means "no search". */
export const SearchQuerySchema = z.object({
  q: z.string().trim().max(SEARCH_TERM_MAX, `Search terms are limited to ${SEARCH_TERM_MAX} characters.`).default(""),
});

/** Case-folded, composed form for comparing text: "ÉCOLE" and "e\u0301cole" both become "école". */
export function foldCase(text: string): string {
  return text.normalize("NFC").toLowerCase();
}

export function isAscii(text: string): boolean {
  return /^[\x00-\x7f]*$/.test(text);
}

/** The URL the palette and the share dialog fetch their matches from. */
export function searchUrl(term: string): string {
  return `/search?${new URLSearchParams({ q: term.trim() })}`;
}

/** Counts per value; null when the results these counts cover pass FACET_LIMIT (counting them all costs too much). */
export type FacetCountsOrOver = Record<string, number> | null;
export interface Facets {
  type: FacetCountsOrOver;
  author: FacetCountsOrOver;
  /** The most used tags among the results; count null when the results pass FACET_LIMIT (names from the first ones). */
  tag: { name: string; count: number | null }[];
  /** How many results a count covers at most. */
  limit: number;
}

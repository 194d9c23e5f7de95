import { z } from "zod";
import { CONTENT_STATUSES } from "./content";
import { normalizeSearch } from "./search-text";

export const LIBRARY_STATUS_OPTIONS = ["all", ...CONTENT_STATUSES] as const;
export const LIBRARY_SORTS = ["newest", "views"] as const;
export type LibrarySort = (typeof LIBRARY_SORTS)[number];
export const SORT_LABELS: Record<LibrarySort, string> = { newest: "Newest", views: "Most viewed" };

export const PAGE_SIZE = 12;
export const Q_MAX = 200;

export const LibraryQuery = z.object({
  q: z.string().max(Q_MAX, `Search terms are limited to ${Q_MAX} characters.`).default("").transform(normalizeSearch),
  status: z.enum(LIBRARY_STATUS_OPTIONS, { message: "Unknown status filter." }).default("all"),
  view: z.enum(["grid", "list", "calendar"], { message: "Unknown view mode." }).default("grid"),
  sort: z.enum(LIBRARY_SORTS, { message: "Unknown sort order." }).default("newest"),
  // A page past the end is clamped to the last page (see pageWindow); only nonsense is refused.
  page: z.coerce
    .number({ message: "Page must be a whole number, 1 or more." })
    .int("Page must be a whole number, 1 or more.")
    .min(1, "Page must be a whole number, 1 or more.")
    .default(1),
});
export type LibraryQuery = z.infer<typeof LibraryQuery>;

/** Reads the library's URL state; empty values fall back to the defaults. */
export function parseLibraryQuery(params: URLSearchParams) {
  const raw = Object.fromEntries([...params.entries()].filter(([, v]) => v !== ""));
  return LibraryQuery.safeParse(raw);
}

/** The URL for a library state, leaving defaults out so links stay short. */
export function libraryHref(query: LibraryQuery, change: Partial<LibraryQuery> = {}): string {
  const next = { ...query, ...change };
  const params = new URLSearchParams();
  if (next.q) params.set("q", next.q);
  if (next.status !== "all") params.set("status", next.status);
  if (next.view !== "grid") params.set("view", next.view);
  if (next.sort !== "newest") params.set("sort", next.sort);
  if (next.page > 1) params.set("page", String(next.page));
  const search = params.toString();
  return search ? `/library?${search}` : "/library";
}

export interface PageWindow {
  /** The page shown: the one asked for, clamped to 1..pages. */
  page: number;
  pages: number;
  offset: number;
  /** 1-based positions of the first and last item shown; 0 and 0 when there is nothing. */
  from: number;
  to: number;
  total: number;
}

/** Which slice of `total` results page `requested` shows. */
export function pageWindow(total: number, requested: number, size = PAGE_SIZE): PageWindow {
  const pages = Math.max(1, Math.ceil(total / size));
  const page = Math.min(Math.max(1, Math.floor(requested)), pages);
  const offset = (page - 1) * size;
  return { page, pages, offset, from: total === 0 ? 0 : offset + 1, to: Math.min(offset + size, total), total };
}

export const TAGS_SHOWN = { grid: 3, list: 2 } as const;

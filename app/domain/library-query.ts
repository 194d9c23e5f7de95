import { z } from "zod";
import { CONTENT_STATUSES, CONTENT_TYPES } from "./content";
import { normalizeSearch } from "./search-text";

export const LIBRARY_STATUS_OPTIONS = ["all", ...CONTENT_STATUSES] as const;
export const LIBRARY_SORTS = ["newest", "views"] as const;
export type LibrarySort = (typeof LIBRARY_SORTS)[number];
export const SORT_LABELS: Record<LibrarySort, string> = { newest: "Newest", views: "Most viewed" };

export const PAGE_SIZE = 12;
export const Q_MAX = 200;
export const TAGS_MAX = 10;

export const LIBRARY_TYPE_OPTIONS = ["all", ...CONTENT_TYPES] as const;
/** Which date the From/To range filters on. */
export const DATE_FIELDS = ["updated", "created", "published"] as const;
export type DateField = (typeof DATE_FIELDS)[number];
export const DATE_FIELD_LABELS: Record<DateField, string> = { updated: "Updated", created: "Created", published: "Published" };

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Dates look like 2026-10-31.")
  .refine(
    (v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    "That date does not exist.",
  )
  .optional();

export const LibraryQuery = z
  .object({
    q: z.string().max(Q_MAX, `Search terms are limited to ${Q_MAX} characters.`).default("").transform(normalizeSearch),
    status: z.enum(LIBRARY_STATUS_OPTIONS, { message: "Unknown status filter." }).default("all"),
    view: z.enum(["grid", "list", "calendar"], { message: "Unknown view mode." }).default("grid"),
    sort: z.enum(LIBRARY_SORTS, { message: "Unknown sort order." }).default("newest"),
    type: z.enum(LIBRARY_TYPE_OPTIONS, { message: "Unknown content type." }).default("all"),
    author: z.string().max(64, "Unknown author.").default(""),
    date: z.enum(DATE_FIELDS, { message: "Unknown date field." }).default("updated"),
    from: day,
    to: day,
    tag: z
      .array(z.string().trim().min(1).max(60, "Tags are limited to 60 characters."))
      .max(TAGS_MAX, `Choose at most ${TAGS_MAX} tags.`)
      .default([])
      .transform((tags) => [...new Set(tags)]),
    // A page past the end is clamped to the last page (see pageWindow); only nonsense is refused.
    page: z.coerce
      .number({ message: "Page must be a whole number, 1 or more." })
      .int("Page must be a whole number, 1 or more.")
      .min(1, "Page must be a whole number, 1 or more.")
      .default(1),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { message: "The start date must be on or before the end date.", path: ["to"] });
export type LibraryQuery = z.infer<typeof LibraryQuery>;

/** Reads the library's URL state; empty values fall back to the defaults; `tag` may repeat. */
export function parseLibraryQuery(params: URLSearchParams) {
  const raw: Record<string, unknown> = Object.fromEntries([...params.entries()].filter(([k, v]) => v !== "" && k !== "tag"));
  raw.tag = params.getAll("tag").filter((t) => t.trim() !== "");
  return LibraryQuery.safeParse(raw);
}

/** How many of the More Filters are set (the button shows it). */
export function moreFilterCount(query: LibraryQuery): number {
  return (query.type !== "all" ? 1 : 0) + (query.author ? 1 : 0) + (query.from || query.to ? 1 : 0) + query.tag.length;
}

/** The model's filters for a query: the date range as UTC instants, the end day inclusive. */
export function libraryFilters(query: LibraryQuery) {
  const DAY_MS = 24 * 60 * 60 * 1000;
  return {
    status: query.status === "all" ? undefined : query.status,
    type: query.type === "all" ? undefined : query.type,
    authorId: query.author || undefined,
    tags: query.tag,
    dateField: query.date,
    from: query.from ? new Date(`${query.from}T00:00:00Z`) : undefined,
    before: query.to ? new Date(Date.parse(`${query.to}T00:00:00Z`) + DAY_MS) : undefined,
  };
}
export type LibraryFilterSet = ReturnType<typeof libraryFilters>;

/** The URL for a library state, leaving defaults out so links stay short. */
export function libraryHref(query: LibraryQuery, change: Partial<LibraryQuery> = {}): string {
  const next = { ...query, ...change };
  const params = new URLSearchParams();
  if (next.q) params.set("q", next.q);
  if (next.status !== "all") params.set("status", next.status);
  if (next.view !== "grid") params.set("view", next.view);
  if (next.sort !== "newest") params.set("sort", next.sort);
  if (next.type !== "all") params.set("type", next.type);
  if (next.author) params.set("author", next.author);
  if ((next.from || next.to) && next.date !== "updated") params.set("date", next.date);
  if (next.from) params.set("from", next.from);
  if (next.to) params.set("to", next.to);
  for (const tag of next.tag) params.append("tag", tag);
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

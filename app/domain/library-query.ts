import { z } from "zod";
import { CONTENT_STATUSES } from "./content";

export const LIBRARY_STATUS_OPTIONS = ["all", ...CONTENT_STATUSES] as const;

export const LibraryQuery = z.object({
  q: z.string().max(200, "Search terms are limited to 200 characters.").default(""),
  status: z.enum(LIBRARY_STATUS_OPTIONS, { message: "Unknown status filter." }).default("all"),
  view: z.enum(["grid", "list"], { message: "Unknown view mode." }).default("grid"),
});
export type LibraryQuery = z.infer<typeof LibraryQuery>;

/** Reads the library's URL state; empty values fall back to the defaults. */
export function parseLibraryQuery(params: URLSearchParams) {
  const raw = Object.fromEntries([...params.entries()].filter(([, v]) => v !== ""));
  return LibraryQuery.safeParse(raw);
}

export const TAGS_SHOWN = { grid: 3, list: 2 } as const;

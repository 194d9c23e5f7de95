import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LibraryQuery, PAGE_SIZE, libraryHref, pageWindow, parseLibraryQuery } from "./library-query";

const parse = (qs: string) => parseLibraryQuery(new URLSearchParams(qs));
const MORE = { type: "all", author: "", date: "updated", tag: [] };
const DEFAULTS = { q: "", status: "all", view: "grid", sort: "newest", page: 1, ...MORE };

describe("parseLibraryQuery", () => {
  it("defaults to all statuses, grid view, newest first, page 1", () => {
    expect(parse("").data).toEqual(DEFAULTS);
    expect(parse("status=&view=&sort=&page=").data).toEqual(DEFAULTS);
  });
  it("accepts the spec's filters, sort and page", () => {
    expect(parse("q=SEO&status=review&view=list&sort=views&page=2").data).toEqual({
      q: "SEO",
      status: "review",
      view: "list",
      sort: "views",
      page: 2,
      ...MORE,
    });
  });
  it("reads More Filters: repeated tags (deduplicated), a date range and its field", () => {
    expect(parse("type=blog&author=u1&date=created&from=2026-10-01&to=2026-10-31&tag=SEO&tag=AI&tag=SEO").data).toMatchObject({
      type: "blog",
      author: "u1",
      date: "created",
      from: "2026-10-01",
      to: "2026-10-31",
      tag: ["SEO", "AI"],
    });
  });
  it("normalizes the search text but keeps quotes and wildcards", () => {
    expect(parse(`q=${encodeURIComponent('  50%  off_"now"  ')}`).data?.q).toBe('50% off_"now"');
  });
  it.each([
    ["status=deleted", "Unknown status filter."],
    ["sort=oldest", "Unknown sort order."],
    ["view=table", "Unknown view mode."],
    ["page=0", "Page must be a whole number, 1 or more."],
    ["page=-3", "Page must be a whole number, 1 or more."],
    ["page=1.5", "Page must be a whole number, 1 or more."],
    ["page=two", "Page must be a whole number, 1 or more."],
    [`q=${"x".repeat(201)}`, "Search terms are limited to 200 characters."],
    ["type=poem", "Unknown content type."],
    ["from=2026-13-01", "That date does not exist."],
    ["from=yesterday", "Dates look like 2026-10-31."],
    ["from=2026-11-02&to=2026-11-01", "The start date must be on or before the end date."],
  ])("rejects %s with a readable message", (qs, message) => {
    const result = parse(qs);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toBe(message);
  });
});

describe("libraryHref", () => {
  const base = LibraryQuery.parse({});
  it("leaves defaults out", () => {
    expect(libraryHref(base)).toBe("/library");
    expect(libraryHref(base, { page: 1, sort: "newest" })).toBe("/library");
  });
  it("round-trips through the parser", () => {
    const query = LibraryQuery.parse({
      q: "a&b=c %",
      status: "draft",
      view: "list",
      sort: "views",
      page: "3",
      type: "social",
      author: "user-1",
      date: "published",
      from: "2026-01-01",
      to: "2026-02-01",
      tag: ["A&B", "c d"],
    });
    const href = libraryHref(query);
    expect(parse(href.split("?")[1]).data).toEqual(query);
  });
});

describe("pageWindow", () => {
  it("shows positions 13–24 on page 2", () => {
    expect(pageWindow(57, 2, 12)).toEqual({ page: 2, pages: 5, offset: 12, from: 13, to: 24, total: 57 });
  });
  it("clamps a page past the end to the last page, and an empty result to page 1", () => {
    expect(pageWindow(57, 99, 12)).toMatchObject({ page: 5, from: 49, to: 57 });
    expect(pageWindow(0, 4, 12)).toEqual({ page: 1, pages: 1, offset: 0, from: 0, to: 0, total: 0 });
  });
  it("covers every item exactly once across its pages", () => {
    fc.assert(
      fc.property(fc.nat(500), fc.integer({ min: 1, max: 50 }), (total, size) => {
        const { pages } = pageWindow(total, 1, size);
        const shown = Array.from({ length: pages }, (_, i) => pageWindow(total, i + 1, size)).reduce(
          (n, w) => n + (w.to - w.from + (w.total ? 1 : 0)),
          0,
        );
        expect(shown).toBe(total);
      }),
    );
  });
  it("uses the library page size by default", () => {
    expect(pageWindow(PAGE_SIZE + 1, 2).from).toBe(PAGE_SIZE + 1);
  });
});

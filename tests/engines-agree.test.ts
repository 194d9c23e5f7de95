// The same queries on SQLite and PostgreSQL give the same ids in the same order (decision 046): the
// sample data plus tricky titles, tags and bodies, seeded into this worker's SQLite file and into a
// fresh PostgreSQL database, then the library's listing, search and counts and the quick search on each.
// Skipped, with the reason, when PostgreSQL is not reachable (tests/postgres.ts).
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { PrismaClient } from "@prisma/client";
import type { LibraryPageQuery } from "~/models/content.server";
import type { ListingFilters } from "~/db/sqlite/library-search.server";
import { seedDatabase } from "../prisma/seed-database";
import { freshPostgresDatabase, postgresUnavailable } from "./postgres";

const SEEDED_AT = new Date("2026-11-20T10:00:00.000Z");

// Titles, tags and bodies that trip up naive search: wildcards, quotes, non-ASCII case, accents, short tags.
const TRICKY = [
  { title: 'She said "ship it" — 100% of_the time', tags: ["Quotes", "C#"], body: "Nothing about zebras here, only crème brûlée." },
  { title: "Über die Straße: ÜBER CAFÉ", tags: ["Übersicht", "naïve"], body: "A café near the zebra crossing." },
  { title: "über uns in café society", tags: ["É", "Zürich"], body: "Zebra migrations, mapped quarterly." },
  { title: "The Analyst's 50%_off guide", tags: ["AI", "UX"], body: "The zebra migration report, in brief." },
  { title: "ΣΊΣΥΦΟΣ and σίσυφος", tags: ["Ελλάδα"], body: "Rolling the stone uphill: a zebra-free essay." },
];

type Page = { q: string; page?: number; pageSize?: number } & Partial<Omit<LibraryPageQuery, "q" | "page" | "pageSize">>;
const PAGES: Record<string, Page> = {
  "newest, page 1": { q: "" },
  "newest, page 2": { q: "", page: 2 },
  "most viewed": { q: "", sort: "views" },
  "the last page": { q: "", page: 99 },
  "a page past the middle, most viewed": { q: "", sort: "views", page: 4 },
  "body matches, their second page": { q: "zebra", pageSize: 2, page: 2 },
  "published only": { q: "", status: "published" },
  "one type": { q: "", type: "blog" },
  "one author": { q: "", authorId: "user-priya" },
  "one tag": { q: "", tags: ["SEO"] },
  "a tag, a type and a status": { q: "", tags: ["SEO"], type: "blog", status: "published" },
  "two tags and an author": { q: "", tags: ["SEO", "Strategy"], authorId: "user-sarah" },
  "a search, a type and a tag": { q: "guide", type: "blog", tags: ["SEO"] },
  "a tag and the type an item was moved to": { q: "", tags: ["Hellas"], type: "blog", status: "draft" },
  "updated in a range": { q: "", dateField: "updated", from: new Date("2026-11-01T00:00:00Z"), before: new Date("2026-11-15T00:00:00Z") },
  "a word": { q: "launch" },
  "a word, most viewed": { q: "guide", sort: "views" },
  "two characters": { q: "ai" },
  "one character": { q: "e", pageSize: 100 },
  "wildcards are text": { q: "50%_" },
  "a percent sign": { q: "100%" },
  "non-ASCII case": { q: "über" },
  "accented capitals": { q: "CAFÉ" },
  "Greek final sigma": { q: "σίσυφος" },
  "body words only": { q: "zebra migr" },
  "a body word and titles": { q: "zebra" },
  "body words without their accents": { q: "creme brulee" },
  "an accented body word": { q: "BRÛLÉE" },
  "a body word written after": { q: "okapi" },
  "a body word since removed": { q: "café near" },
  "a tag renamed after": { q: "", tags: ["Hellas"] },
  "a tag renamed away": { q: "", tags: ["Ελλάδα"] },
  "a search with a filter": { q: "a", status: "draft", pageSize: 50 },
  "a search past the count limit": { q: "e", pageSize: 5, page: 3 },
  "facets without a search": { q: "", facets: true },
  "facets of a tag and a type": { q: "", tags: ["SEO"], type: "blog", facets: true },
  "facets of a search with an author": { q: "zebra", authorId: "user-priya", facets: true },
  "facets of a short search": { q: "an", status: "published", facets: true },
};
// Facet counts at a limit the sample data passes: title matches alone past it, and body-only matches
// completing it or not (the counts are null past the limit; the tags rank the first limit + 1).
const SMALL_LIMIT_FACETS: Record<string, { term: string; filters: ListingFilters; limit: number }> = {
  "facets, title matches past a small limit": { term: "e", filters: {}, limit: 3 },
  "facets, body matches past a small limit": { term: "zebra", filters: {}, limit: 2 },
  "facets, title and body matches within a limit": { term: "zebra", filters: {}, limit: 40 },
  "facets, a filtered search past a small limit": { term: "a", filters: { status: "draft", type: "blog" }, limit: 3 },
};
const QUICK = ["seo", "über", "CAFÉ", "50%_", "zz-nothing"];
const SOURCES_BRIEF = "A guide to brand voice and SEO for social media";

type Results = Record<string, unknown>;

/** Updates and deletes that the listing and rollup triggers follow (inserts are the seed's). */
async function writesThroughTheTriggers(prisma: PrismaClient) {
  const metric = await prisma.contentMetric.findFirstOrThrow({ orderBy: [{ contentId: "asc" }, { date: "asc" }] });
  await prisma.contentMetric.update({
    where: { contentId_date: { contentId: metric.contentId, date: metric.date } },
    data: { views: { increment: 500 }, engagedViews: { increment: 7 } },
  });
  const moved = await prisma.contentMetric.findFirstOrThrow({ orderBy: [{ contentId: "desc" }, { date: "asc" }] });
  await prisma.contentMetric.update({
    where: { contentId_date: { contentId: moved.contentId, date: moved.date } },
    data: { date: new Date(moved.date.getTime() - 400 * 86_400_000) },
  });
  const [first, second] = await prisma.contentItem.findMany({ where: { status: "published" }, orderBy: { id: "asc" }, take: 2 });
  await prisma.contentItem.update({
    where: { id: first.id },
    data: { type: first.type === "video" ? "blog" : "video", title: "Retitled: Zanzibar", updatedAt: SEEDED_AT },
  });
  await prisma.contentItem.delete({ where: { id: second.id } });
  await prisma.contentTag.updateMany({ where: { contentId: "tricky-4" }, data: { name: "Hellas" } });
  await prisma.contentItem.update({ where: { id: "tricky-1" }, data: { body: "An okapi near the crossing.", updatedAt: SEEDED_AT } });
}

/** What the triggers keep, read through Prisma. The search text is compared folded: SQLite's lower() folds ASCII only, PostgreSQL's every letter. */
async function triggerTables(prisma: PrismaClient) {
  return {
    listing: await prisma.contentListing.findMany({
      select: { contentId: true, status: true, type: true, authorId: true, views: true, updatedAt: true, publishedAt: true },
      orderBy: { contentId: "asc" },
    }),
    tags: (await prisma.contentListing.findMany({ where: { contentId: { startsWith: "tricky-" } }, orderBy: { contentId: "asc" } })).map(
      (l) => l.searchTags.toLowerCase(),
    ),
    daily: await prisma.contentMetricDaily.findMany({ orderBy: [{ day: "asc" }, { type: "asc" }] }),
    running: await prisma.contentMetricRunning.findMany({ orderBy: [{ contentId: "asc" }, { day: "asc" }] }),
    monthly: await prisma.contentMetricMonthly.findMany({ orderBy: [{ month: "asc" }, { contentId: "asc" }] }),
    posts: await prisma.contentPostEngagement.findMany({ orderBy: { contentId: "asc" } }),
    facetCodes: await prisma.searchFacetCode.count(),
  };
}

/** Seeds the database DATABASE_URL names (fresh modules, so the app's client is made for it) and runs every query. */
async function resultsOn(url: string): Promise<Results> {
  process.env.DATABASE_URL = url;
  globalThis.__prisma = undefined;
  globalThis.__prismaReady = undefined;
  vi.resetModules();
  const { prisma } = (await import("~/db/db.server")) as { prisma: PrismaClient };
  const { listLibraryPage, recentContent } = await import("~/models/content.server");
  const { searchContent } = await import("~/models/content-quick-search.server");
  const { findLibrarySources } = await import("~/models/library-passages.server");
  const { listings } = await import("~/db/listings.server");
  try {
    await seedDatabase(prisma, SEEDED_AT);
    for (const [n, item] of TRICKY.entries()) {
      const at = new Date(SEEDED_AT.getTime() - (n + 1) * 3_600_000);
      await prisma.contentItem.create({
        data: {
          id: `tricky-${n}`,
          title: item.title,
          body: item.body,
          type: "blog",
          status: "draft",
          authorId: "user-priya",
          createdAt: at,
          updatedAt: at,
          tags: { create: item.tags.map((name, position) => ({ name, position })) },
        },
      });
    }
    await writesThroughTheTriggers(prisma);
    const out: Results = {};
    for (const [name, page] of Object.entries(PAGES)) {
      const { items, window, bodyMatches, facets } = await listLibraryPage(
        { sort: "newest", page: 1, pageSize: 12, ...page },
        undefined,
        40,
      );
      out[name] = { ids: items.map((i) => i.id), window, bodyMatches, facets, cards: items.map((i) => [i.title, i.tags, i.views, i.date]) };
    }
    for (const [name, { term, filters, limit }] of Object.entries(SMALL_LIMIT_FACETS))
      out[name] = await listings().facetCounts(term, filters, limit);
    for (const term of QUICK) out[`quick search ${term}`] = (await searchContent(term)).map((m) => m.id);
    out["recent content"] = (await recentContent(6)).map((c) => c.id);
    // What a workflow step quotes from the library (the runner's findSources).
    out["library sources for a brief"] = (await findLibrarySources(SOURCES_BRIEF)).map((s) => [s.id, s.passage]);
    out["tables the triggers keep"] = await triggerTables(prisma);
    return out;
  } finally {
    await prisma.$disconnect();
    globalThis.__prisma = undefined;
    globalThis.__prismaReady = undefined;
  }
}

const unavailable = await postgresUnavailable();

describe.skipIf(unavailable !== null)(`SQLite and PostgreSQL agree${unavailable ? ` (skipped: ${unavailable})` : ""}`, () => {
  let sqlite: Results;
  let postgres: Results;
  let drop = async () => {};

  beforeAll(async () => {
    const sqliteUrl = process.env.DATABASE_URL!;
    const database = await freshPostgresDatabase();
    drop = database.drop;
    try {
      sqlite = await resultsOn(sqliteUrl);
      postgres = await resultsOn(database.url);
    } finally {
      process.env.DATABASE_URL = sqliteUrl;
      vi.resetModules();
    }
  });
  afterAll(() => drop());

  it.each([
    ...Object.keys(PAGES),
    ...Object.keys(SMALL_LIMIT_FACETS),
    ...QUICK.map((t) => `quick search ${t}`),
    "recent content",
    "library sources for a brief",
    "tables the triggers keep",
  ])("%s", (name) => {
    expect(postgres[name]).toEqual(sqlite[name]);
  });

  it("compares queries that find something: results, body-only matches and a count that stops", () => {
    const ids = (name: string) => (sqlite[name] as { ids: string[] }).ids;
    expect(ids("newest, page 1")).toHaveLength(12);
    expect(ids("the last page").length).toBeGreaterThan(0);
    expect(ids("a page past the middle, most viewed")).toHaveLength(12);
    expect((sqlite["body matches, their second page"] as { bodyMatches: string[] }).bodyMatches).toHaveLength(2);
    expect(ids("non-ASCII case")).toEqual(["tricky-1", "tricky-2"]);
    expect((sqlite["body words only"] as { bodyMatches: string[] }).bodyMatches).toEqual(["tricky-2", "tricky-3"]);
    expect((sqlite["body words without their accents"] as { bodyMatches: string[] }).bodyMatches).toEqual(["tricky-0"]);
    expect((postgres["a body word written after"] as { bodyMatches: string[] }).bodyMatches).toEqual(["tricky-1"]);
    expect((postgres["a body word since removed"] as { bodyMatches: string[] }).bodyMatches).toEqual([]);
    expect((postgres["a tag renamed after"] as { ids: string[] }).ids).toEqual(["tricky-4"]);
    expect((postgres["a tag renamed away"] as { ids: string[] }).ids).toEqual([]);
    expect((postgres["a tag and the type an item was moved to"] as { ids: string[] }).ids).toEqual(["tricky-4"]);
    expect(ids("a tag, a type and a status").length).toBeGreaterThan(0);
    expect(ids("a search, a type and a tag").length).toBeGreaterThan(0);
    expect((sqlite["a search past the count limit"] as { window: { exact: boolean } }).window.exact).toBe(false);
    expect(sqlite["quick search seo"]).not.toEqual([]);
    expect(sqlite["library sources for a brief"]).not.toEqual([]);
    expect((sqlite["a word"] as { ids: string[] }).ids.length).toBeGreaterThan(0);
    const facets = (name: string) => (sqlite[name] as { facets: { type: Record<string, number> | null; tag: unknown[] } }).facets;
    expect(Object.keys(facets("facets of a tag and a type").type ?? {}).length).toBeGreaterThan(1);
    expect(facets("facets of a search with an author").tag.length).toBeGreaterThan(0);
    const small = (name: string) => sqlite[name] as { type: Record<string, number> | null; tag: unknown[] };
    expect(small("facets, title matches past a small limit").type).toBeNull();
    expect(small("facets, body matches past a small limit").type).toBeNull();
    expect(small("facets, body matches past a small limit").tag.length).toBeGreaterThan(0);
    expect(small("facets, title and body matches within a limit").type).not.toBeNull();
    expect(small("facets, a filtered search past a small limit").type).toBeNull();
  });
});

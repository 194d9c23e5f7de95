import { Prisma } from "@prisma/client";
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db/db.server";
import { ftsPhrase, monthToken, normalizeSearch } from "~/domain/search-text";
import {
  countBodyOnlyMatches,
  scanIds,
  shareSample,
  countMatches,
  facetCounts,
  pageOfBodyOnlyMatches,
  pageOfMatches,
  prepareSearch,
  type ListingFilters,
} from "~/db/sqlite/library-search.server";
import type { ContentType } from "~/domain/content";
import { createContent } from "~/models/content-write.server";
import { listLibraryPage } from "~/models/content.server";
import { readDb } from "~/db/read-db.server";
import { SAMPLE, freshSeed } from "./route-helpers";
import { onPostgresRun } from "./engine";

// Decision 024: the library picks between plans (walk the sort order or start from an index; count
// exactly or stop at a limit). A plan may change the speed, never which items come back in what order.

const search = (term: string, filters: ListingFilters = {}, sort: "newest" | "views" = "newest") =>
  prepareSearch({ term: normalizeSearch(term), filters, sort });

let tagged: string[];

beforeAll(async () => {
  await freshSeed();
  tagged = [];
  for (let i = 0; i < 6; i++) {
    const { id } = await createContent({
      title: `Lighthouse log ${i}`,
      type: i % 2 ? "blog" : "article",
      tags: ["Beacons", ...(i % 3 === 0 ? ["Fog"] : [])],
      authorId: i % 2 ? SAMPLE.Writer : SAMPLE.Editor,
      body: `The keeper wrote about the foghorn on night ${i}.`,
    });
    tagged.push(id);
  }
  // Tagged too, but its text never mentions the foghorn: body search must leave it out.
  await createContent({ title: "Quiet night", type: "social", tags: ["Beacons"], authorId: SAMPLE.Admin, body: "Nothing to report." });
});

describe.skipIf(onPostgresRun)("library plans", () => {
  it("walking the sort order and sorting every filtered item give the same page", async () => {
    for (const filters of [
      { type: "blog" },
      { authorId: SAMPLE.Writer, type: "article" },
      { status: "draft" as const },
      { tags: ["Beacons"] },
      { tags: ["Beacons", "Fog"] },
    ]) {
      for (const sort of ["newest", "views"] as const) {
        const p = await search("", filters, sort);
        const { n: total } = await countMatches(p);
        for (const offset of [0, 3]) {
          const sorted = await pageOfMatches(p, offset, 5); // matches unknown: never walks
          const walked = await pageOfMatches(p, offset, 5, 1e9); // matches everywhere: walks, gives up soon, sorts
          const counted = await pageOfMatches(p, offset, 5, total); // the true count picks the plan
          expect(walked, JSON.stringify({ filters, sort, offset })).toEqual(sorted);
          expect(counted, JSON.stringify({ filters, sort, offset })).toEqual(sorted);
          expect(sorted.length).toBe(Math.max(0, Math.min(5, total - offset)));
        }
      }
    }
  });

  it("body-only matches: the same page whether the ids or the sort order drive", async () => {
    const p = await search("foghorn", { tags: ["Beacons"] });
    const { n, exact } = await countBodyOnlyMatches(p);
    expect({ n, exact }).toEqual({ n: 6, exact: true });
    const fromIds = await pageOfBodyOnlyMatches(p, 1, 4, { n: 0, exact: true, estimate: 0 });
    const walked = await pageOfBodyOnlyMatches(p, 1, 4, { n: 1_000_000, exact: true, estimate: 1_000_000 });
    const fromCappedCount = await pageOfBodyOnlyMatches(p, 1, 4, { n: 2, exact: false, estimate: null });
    expect(walked).toEqual(fromIds);
    expect(fromCappedCount).toEqual(fromIds);
    expect(fromIds).toHaveLength(4);
    expect(tagged).toEqual(expect.arrayContaining(fromIds));
  });

  it("a capped body-only count that already says walk spares the body index's own count", async () => {
    const p = await search("foghorn");
    const db = readDb();
    const prepare = db.prepare.bind(db);
    const statements: string[] = [];
    db.prepare = ((sql: string) => (statements.push(sql), prepare(sql))) as typeof db.prepare;
    const indexCounts = () => statements.filter((sql) => sql.trim().startsWith(`SELECT count(*) AS n FROM "ContentBody"`)).length;
    try {
      // At least every item matches: walking is sooner whatever the true count.
      const walked = await pageOfBodyOnlyMatches(p, 0, 2, { n: p.items, exact: false, estimate: null });
      expect(indexCounts()).toBe(0);
      // At least one matches: that says nothing, so the index's count decides.
      const decided = await pageOfBodyOnlyMatches(p, 0, 2, { n: 1, exact: false, estimate: null });
      expect(indexCounts()).toBe(1);
      expect(walked).toEqual(decided);
      expect(walked).toHaveLength(2);
    } finally {
      db.prepare = prepare;
    }
  });

  it.each([{}, { tags: ["Beacons"] }])(
    "a body-only count stops past its limit and says it is a lower bound (filters %j)",
    async (filters) => {
      const p = await search("foghorn", filters);
      expect(await countBodyOnlyMatches(p)).toMatchObject({ n: 6, exact: true });
      expect(await countBodyOnlyMatches(p, 0, 4)).toMatchObject({ n: 4, exact: false });
      expect(await countBodyOnlyMatches(p, 6, 4)).toMatchObject({ n: 6, exact: true }); // counts past the page asked for
    },
  );

  it.each([
    ["lighthouse", {}],
    ["lighthouse", { type: "blog" }],
    ["gh", {}], // short: the titles' own index, checked item by item
  ])("a search's title count %j %j stops past its limit, or past the page asked for, and says so", async (term, filters) => {
    const p = await search(term, filters);
    const all = await countMatches(p, 0, 1000);
    expect(all.exact).toBe(true);
    expect(all.n).toBeGreaterThan(2);
    expect(await countMatches(p, 0, 2)).toMatchObject({ n: 2, exact: false });
    expect(await countMatches(p, all.n, 2)).toEqual(all);
    // Items in id order: how far the ids reached estimates at least what was counted.
    const capped = await countMatches(p, 0, 1);
    if (capped.estimate !== null) expect(capped.estimate).toBeGreaterThanOrEqual(1);
  });

  it.each([
    ["tidewater", {}],
    ["tidewater", { tags: ["Shore"] }],
    ["tidewater", { type: "article" as const }],
  ])("body-only matches of %j %j leave out the title matches a count kept as they would the title query's", async (term, filters) => {
    if (!(await prisma.contentItem.count({ where: { title: "Tidewater notes" } }))) {
      const make = (title: string, body: string) =>
        createContent({ title, type: "article", tags: ["Shore"], authorId: SAMPLE.Writer, body });
      await make("Tidewater notes", "The tidewater rose again."); // title and body: a title match only
      await make("Calm day", "Tidewater below the pier."); // body only
    }
    const counted = await search(term, filters);
    await countMatches(counted);
    expect(counted.exactTitleIds).not.toBeNull();
    const fresh = await search(term, filters);
    expect(await countBodyOnlyMatches(counted)).toEqual(await countBodyOnlyMatches(fresh));
    const page = await pageOfBodyOnlyMatches(counted, 0, 10);
    expect(page).toEqual(await pageOfBodyOnlyMatches(fresh, 0, 10));
    expect(counted.exactTitleIds).toHaveLength(1);
    expect(page).toHaveLength(1);
  });

  it.each([["lighthouse log"], ["foghorn"], ["night"]])(
    "a search for %j past the count limit says so, and every page still comes as without the limit",
    async (q) => {
      const page = (n: number, limit?: number) => listLibraryPage({ q, sort: "newest", page: n, pageSize: 2 }, undefined, limit);
      const whole = await page(1);
      expect(whole.window.exact).toBe(true);
      expect(whole.window.total).toBeGreaterThan(4);
      const capped = await page(1, 3);
      expect(capped.window).toMatchObject({ total: 3, exact: false, pages: 2 });
      expect(capped.items).toEqual(whole.items);
      for (let n = 2; n <= whole.window.pages; n++) {
        const deeper = await page(n, 3);
        expect(deeper.items, `page ${n}`).toEqual((await page(n)).items);
        expect(deeper.window.total).toBeGreaterThanOrEqual(Math.min(whole.window.total, n * 2));
      }
      // The last page: counted to the end, so the count is whole again.
      expect((await page(whole.window.pages, 3)).window).toMatchObject({ total: whole.window.total, exact: true });
    },
  );

  it("samples the titles' share only when a page of title matches needs a plan", async () => {
    const db = readDb();
    const prepare = db.prepare.bind(db);
    const statements: string[] = [];
    db.prepare = ((sql: string) => (statements.push(sql), prepare(sql))) as typeof db.prepare;
    const samples = () => statements.filter((sql) => sql.includes("AS share")).length;
    try {
      const bodyOnly = await listLibraryPage({ q: "foghorn", sort: "newest", page: 1, pageSize: 4 });
      expect(bodyOnly.bodyMatches.length).toBeGreaterThan(0);
      expect(samples()).toBe(0); // no title matches: nothing to plan for them
      await listLibraryPage({ q: "lighthouse", sort: "newest", page: 1, pageSize: 4 });
      expect(samples()).toBe(1);
    } finally {
      db.prepare = prepare;
    }
  });

  it("an item saved in another month is indexed with that month's token", async () => {
    const { id } = await createContent({ title: "Month mover", type: "blog", tags: [], authorId: SAMPLE.Writer, body: "Tidal notes." });
    const inMonth = (stored: string) =>
      readDb()
        .prepare(`SELECT l."contentId" FROM "ContentBody" b JOIN "ContentListing" l ON l."id" = b."rowid" WHERE "ContentBody" MATCH ?`)
        .pluck()
        .all(`facets : ${ftsPhrase(monthToken(stored))}`) as string[];
    await prisma.contentItem.update({ where: { id }, data: { updatedAt: new Date("2025-03-14T10:00:00Z") } });
    expect(inMonth("2025-03-01")).toContain(id);
    await prisma.contentItem.update({ where: { id }, data: { updatedAt: new Date("2025-04-02T10:00:00Z") } });
    expect(inMonth("2025-03-01")).not.toContain(id);
    expect(inMonth("2025-04-01")).toContain(id);
  });

  it.each([
    ["anchorage", "recent months: only their matches are read"],
    ["moorings", "old months only: the recent ones hold none, so every match is walked"],
  ])("a body-only page of %j newest first is the same as the full walk (%s)", async (word, _why) => {
    if (!(await prisma.contentItem.count({ where: { title: `${word} 0` } }))) {
      const now = Date.now();
      for (let i = 0; i < 40; i++) {
        const { id } = await createContent({
          title: `${word} ${i}`.replace(word, "Harbour log"),
          type: "article",
          tags: [],
          authorId: SAMPLE.Editor,
          body: `The ${word} at dawn.`,
        });
        const at = word === "anchorage" ? new Date(now - i * 9 * 86_400_000) : new Date(Date.UTC(2024, i % 12, 1 + i));
        await prisma.contentItem.update({ where: { id }, data: { updatedAt: at } });
      }
      await createContent({ title: `${word} 0`, type: "blog", tags: [], authorId: SAMPLE.Editor, body: "Marker." });
    }
    const expected = (
      await prisma.contentItem.findMany({ where: { body: { contains: word } }, orderBy: { updatedAt: "desc" }, select: { id: true } })
    ).map((r) => r.id);
    expect(expected).toHaveLength(40);
    const p = await search(word);
    const count = await countBodyOnlyMatches(p);
    for (const offset of [0, 4, 30]) {
      expect(await pageOfBodyOnlyMatches(p, offset, 4, count), `offset ${offset}`).toEqual(expected.slice(offset, offset + 4));
    }
  });

  it("without a term a count is exact whatever the limit: an index range or a token list", async () => {
    for (const filters of [{}, { type: "blog" }, { tags: ["Beacons"] }]) {
      const p = await search("", filters);
      expect(await countMatches(p, 0, 1)).toEqual({ ...(await countMatches(p)), exact: true });
      expect((await countMatches(p, 0, 1)).n).toBeGreaterThan(1);
    }
  });

  it("counts per value are exact up to the limit and left out above it", async () => {
    const p = await search("", { tags: ["Beacons"] });
    const exact = await facetCounts(p, 7);
    expect(exact.type).toEqual({ article: 3, blog: 3, social: 1 });
    expect(exact.author).toEqual({ [SAMPLE.Editor]: 3, [SAMPLE.Writer]: 3, [SAMPLE.Admin]: 1 });
    expect(exact.tag).toEqual([
      { name: "Beacons", count: 7 },
      { name: "Fog", count: 2 },
    ]);
    const over = await facetCounts(p, 6);
    expect(over).toMatchObject({ type: null, author: null, limit: 6 });
    expect(over.tag.map((t) => t.count)).toEqual([null, null]);
    expect(over.tag.map((t) => t.name)).toContain("Beacons");
    // A chosen author: the type counts cover that author's items only, and stay exact.
    const chosen = await facetCounts(await search("", { tags: ["Beacons"], authorId: SAMPLE.Writer }), 5);
    expect(chosen.type).toEqual({ blog: 3 });
    expect(chosen.author).toBeNull();
  });

  it("with a tag chosen, a search's counts cover title and body matches once each", async () => {
    const make = (title: string, type: ContentType, body: string) =>
      createContent({ title, type, tags: ["Harbour"], authorId: SAMPLE.Writer, body });
    await make("Keeper's harbour diary", "blog", "Nothing about lamps."); // title only
    await make("Harbour night", "article", "The keeper slept."); // body only
    await make("Keeper of the harbour", "article", "The keeper again."); // both: once
    await make("Harbour dawn", "social", "Calm."); // neither
    const facets = await facetCounts(await search("keeper", { tags: ["Harbour"], type: "article" }), 100);
    expect(facets.type).toEqual({ blog: 1, article: 2 });
    expect(facets.author).toEqual({ [SAMPLE.Writer]: 2 });
    expect(facets.tag).toEqual([{ name: "Harbour", count: 2 }]);
  });

  it("a short term most items contain is counted from the titles' own index; its sample reads items in id order", async () => {
    const p = await search("e");
    const plan = async (sql: Prisma.Sql) =>
      (await prisma.$queryRaw<{ detail: string }[]>(Prisma.sql`EXPLAIN QUERY PLAN ${sql}`)).map((row) => row.detail);
    const titles = "SCAN l USING COVERING INDEX ContentListing_searchTitle_searchTags_idx";
    expect(await plan(scanIds(p))).toEqual([titles]);
    // The titles' own index would hand the sample the alphabetically first titles.
    expect(await plan(shareSample(p.scan!, {}))).not.toContain(titles);
  });

  it("a search's counts cover title and body matches once each", async () => {
    const p = await search("lighthouse log", {});
    const facets = await facetCounts(p, 100);
    const items = await prisma.contentItem.count({ where: { title: { startsWith: "Lighthouse log" } } });
    expect(Object.values(facets.type!).reduce((a, b) => a + b, 0)).toBe(items);
  });
});

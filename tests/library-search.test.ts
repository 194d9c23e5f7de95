import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db/db.server";
import type { ContentStatus } from "~/domain/content";
import { PAGE_SIZE } from "~/domain/library-query";
import { normalizeSearch } from "~/domain/search-text";
import { listLibraryPage, type ContentCard } from "~/models/content.server";
import type { SearchPlan } from "~/db/sqlite/library-search.server";
import { createContent } from "~/models/content-write.server";
import { loader } from "~/routes/library/route";
import { SAMPLE, cookieFor, freshSeed, get, run } from "./route-helpers";
import { onPostgresRun } from "./engine";

// Titles and tags that trip up naive search: SQL wildcards, quotes, non-ASCII case, short tags.
const TRICKY = [
  { title: 'She said "ship it" — 100% of_the time', tags: ["Quotes", "C#"] },
  { title: "Über die Straße: ÜBER CAFÉ", tags: ["Übersicht", "naïve"] },
  { title: "über uns in café society", tags: ["É", "Zürich"] },
  { title: "The Analyst's 50%_off guide", tags: ["AI", "UX"] },
  { title: "ΣΊΣΥΦΟΣ and σίσυφος", tags: ["Ελλάδα"] },
];

type Page = Awaited<ReturnType<typeof listLibraryPage>>;
type LoaderBody = {
  items: ContentCard[];
  window: Page["window"];
  query: { page: number; q: string };
  allowed: Record<string, unknown>;
  canCreate: boolean;
};

let cookie: string;
let everything: { id: string; title: string; status: string; tags: string[] }[];

beforeAll(async () => {
  await freshSeed();
  for (const item of TRICKY) await createContent({ ...item, type: "blog", authorId: SAMPLE.Writer });
  cookie = await cookieFor(SAMPLE.Admin);
  const rows = await prisma.contentItem.findMany({ select: { id: true, title: true, status: true, tags: { select: { name: true } } } });
  everything = rows.map((r) => ({ ...r, tags: r.tags.map((t) => t.name) }));
});

/** Lower case character by character, as search compares ("Σ" is "σ" wherever it stands). */
const lower = (s: string) => [...s].map((c) => c.toLowerCase()).join("");

/** What search should find: title or a tag contains the term, ignoring case. */
function expected(q: string, status?: string): string[] {
  const term = lower(normalizeSearch(q));
  const has = (text: string) => lower(text).includes(term);
  return everything
    .filter((i) => !status || i.status === status)
    .filter((i) => has(i.title) || i.tags.some(has))
    .map((i) => i.id)
    .sort();
}

async function allIds(q: string, plan?: SearchPlan, status?: ContentStatus): Promise<string[]> {
  const { items, window, bodyMatches } = await listLibraryPage({ q, status, sort: "newest", page: 1, pageSize: 1000 }, plan);
  expect(window.total).toBe(items.length);
  // Items found only by their body text follow; tests/library-filters.test.ts covers those.
  const byBody = new Set(bodyMatches);
  return items
    .map((i) => i.id)
    .filter((id) => !byBody.has(id))
    .sort();
}

const library = async (qs: string) => {
  const outcome = await run(loader, get(`/library${qs}`, cookie));
  return { status: outcome.status, body: outcome.body as LoaderBody };
};

describe("library search", () => {
  const TERMS = [
    "seo",
    "SEO TRENDS",
    "instagram",
    "  seo   trends  ", // words, case, spacing
    '"ship it"',
    '"',
    "'",
    "Analyst's", // quotes
    "%",
    "_",
    "100%",
    "of_the",
    "%_",
    "50%_off", // LIKE wildcards are plain characters
    "über",
    "ÜBER",
    "Ü",
    "ü",
    "straße",
    "STRASSE",
    "café",
    "É",
    "é",
    "naïve",
    "ΣΊΣΥΦΟΣ",
    "σίσυφος",
    "ελλάδα", // non-ASCII case
    "ai",
    "AI",
    "ux",
    "a",
    "e",
    "z",
    "#",
    "c#",
    "q3", // 1–2 characters
    "zzzz",
    "no such thing",
  ];

  it.each(TERMS)("%j finds exactly the items whose title or tag contains it, whichever plan answers", async (q) => {
    const want = expected(q);
    expect(await allIds(q)).toEqual(want);
    expect(await allIds(q, "index")).toEqual(want);
    expect(await allIds(q, "scan")).toEqual(want);
  });

  it.each(["ai", "über", "%", "e"])("%j with a status filter matches only that status", async (q) => {
    for (const status of ["draft", "published"] as const) {
      const want = expected(q, status);
      expect(await allIds(q, "index", status)).toEqual(want);
      expect(await allIds(q, "scan", status)).toEqual(want);
    }
  });

  it("treats an empty or blank search as no search", async () => {
    for (const q of ["", "   ", "\t\n"]) expect(await allIds(q)).toEqual(everything.map((i) => i.id).sort());
  });

  it("does not match across two tags or across title and tags", async () => {
    const item = everything.find((i) => i.tags.length >= 2 && i.title)!;
    const across = `${item.tags[0].slice(-2)} ${item.tags[1].slice(0, 2)}`;
    expect(await allIds(across)).toEqual(expected(across));
  });

  it("keeps the index in step when items, tags and views change", async () => {
    const { id } = await createContent({ title: "Zygomorphic Quokkas", type: "social", tags: ["Wombats"], authorId: SAMPLE.Editor });
    expect(await allIds("quokka")).toEqual([id]);
    expect(await allIds("wombat")).toEqual([id]);
    await prisma.contentItem.update({ where: { id }, data: { title: "Pangolin Parade" } });
    expect(await allIds("quokka")).toEqual([]);
    expect(await allIds("pangolin")).toEqual([id]);
    await prisma.contentTag.update({ where: { contentId_name: { contentId: id, name: "Wombats" } }, data: { name: "Numbats" } });
    expect(await allIds("wombat")).toEqual([]);
    expect(await allIds("numbat")).toEqual([id]);
    await prisma.contentMetric.create({
      data: { contentId: id, date: new Date(), views: 10_000_000, shares: 0, engagedViews: 0, timeSpentSec: 0 },
    });
    const top = await listLibraryPage({ q: "", sort: "views", page: 1, pageSize: 1 });
    expect(top.items[0]).toMatchObject({ id, views: 10_000_000 });
    await prisma.contentItem.update({ where: { id }, data: { status: "archived" } });
    expect(await allIds("pangolin", undefined, "archived")).toEqual([id]);
    await prisma.contentItem.delete({ where: { id } });
    expect(await allIds("pangolin")).toEqual([]);
    expect((await listLibraryPage({ q: "", sort: "views", page: 1, pageSize: 1 })).items[0].id).not.toBe(id);
  });

  it.skipIf(onPostgresRun)("has the triggers that keep it in step (a migration that rebuilds a table must recreate them)", async () => {
    const rows = await prisma.$queryRaw<
      { name: string; tbl_name: string }[]
    >`SELECT name, tbl_name FROM sqlite_master WHERE type = 'trigger'`;
    const tables = new Set(rows.map((r) => r.tbl_name));
    for (const table of ["ContentItem", "ContentTag", "ContentMetric", "ContentListing"]) expect(tables).toContain(table);
    expect(rows.filter((r) => r.name.includes("listing") || r.name.includes("search")).length).toBe(12);
  });
});

describe("the library loader", () => {
  it("pages through every item once, newest first, 12 to a page", async () => {
    const first = await library("");
    expect(first.body.items).toHaveLength(PAGE_SIZE);
    expect(first.body.window).toMatchObject({ page: 1, from: 1, to: PAGE_SIZE, total: everything.length });
    const seen: string[] = [];
    for (let page = 1; page <= first.body.window.pages; page++) seen.push(...(await library(`?page=${page}`)).body.items.map((i) => i.id));
    expect(seen.sort()).toEqual(everything.map((i) => i.id).sort());
    const updated = await prisma.contentItem.findMany({
      where: { id: { in: first.body.items.map((i) => i.id) } },
      select: { id: true, updatedAt: true },
    });
    const at = new Map(updated.map((u) => [u.id, u.updatedAt.getTime()]));
    const times = first.body.items.map((i) => at.get(i.id)!);
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it("sorts by all-time views, most viewed first, matching the metrics", async () => {
    const { body } = await library("?sort=views&status=published");
    const views = body.items.map((i) => i.views);
    expect(views).toEqual([...views].sort((a, b) => b - a));
    const sums = await prisma.contentMetric.groupBy({
      by: ["contentId"],
      where: { content: { status: "published" } },
      _sum: { views: true },
      orderBy: { _sum: { views: "desc" } },
      take: 1,
    });
    expect(body.items[0].views).toBe(sums[0]._sum.views);
  });

  it("shows positions 13–24 on page 2 and clamps a page past the end to the last page", async () => {
    const second = await library("?page=2");
    expect(second.body.window).toMatchObject({ from: PAGE_SIZE + 1, to: 2 * PAGE_SIZE });
    const beyond = await library("?page=9999&status=review");
    const review = everything.filter((i) => i.status === "review").length;
    expect(beyond.status).toBe(200);
    expect(beyond.body.query.page).toBe(Math.ceil(review / PAGE_SIZE));
    expect(beyond.body.window).toMatchObject({ to: review, total: review });
    expect(beyond.body.items.length).toBeGreaterThan(0);
  });

  it("searches on the server, keeping the URL state", async () => {
    const { body } = await library(`?q=${encodeURIComponent("ÜBER")}&view=list&sort=views`);
    expect(body.items.map((i) => i.id).sort()).toEqual(expected("über"));
    expect(body.query).toMatchObject({ q: "ÜBER", view: "list", sort: "views", page: 1 });
  });

  it.each([
    ["?page=0", "Page must be a whole number, 1 or more."],
    ["?page=abc", "Page must be a whole number, 1 or more."],
    ["?sort=random", "Unknown sort order."],
    ["?status=deleted", "Unknown status filter."],
  ])("answers %s with 400 and a clear message", async (qs, message) => {
    const outcome = await library(qs);
    expect(outcome.status).toBe(400);
    expect(outcome.body).toBe(message);
  });
});

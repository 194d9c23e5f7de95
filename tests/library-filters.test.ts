import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db/db.server";
import { libraryFilters, parseLibraryQuery } from "~/domain/library-query";
import { listLibraryPage } from "~/models/content.server";
import { createContent } from "~/models/content-write.server";
import { loader } from "~/routes/library/route";
import { SAMPLE, cookieFor, freshSeed, get, run } from "./route-helpers";

// More Filters and body search (decision 018), against the seeded library plus a few items made here.

type Item = {
  id: string;
  type: string;
  authorId: string;
  createdAt: Date;
  updatedAt: Date;
  publishedAt: Date | null;
  tags: string[];
  status: string;
};
let everything: Item[];
let cookie: string;

async function ids(qs: string) {
  const parsed = parseLibraryQuery(new URLSearchParams(qs));
  if (!parsed.success) throw new Error(parsed.error.issues[0].message);
  const page = await listLibraryPage({
    q: parsed.data.q,
    sort: "newest",
    page: 1,
    pageSize: 1000,
    facets: true,
    ...libraryFilters(parsed.data),
  });
  expect(page.window.total).toBe(page.items.length);
  return { ids: page.items.map((i) => i.id), page };
}
const sorted = (list: string[]) => [...list].sort();

beforeAll(async () => {
  await freshSeed();
  cookie = await cookieFor(SAMPLE.Admin);
  await createContent({
    title: "Harbour notes",
    type: "article",
    tags: ["Logistics", "Ports"],
    authorId: SAMPLE.Writer,
    body: "We met the quartermaster at dawn.",
  });
  await createContent({
    title: "Quartermaster handbook",
    type: "blog",
    tags: ["Logistics"],
    authorId: SAMPLE.Editor,
    body: "Nothing else.",
  });
  const rows = await prisma.contentItem.findMany({
    select: {
      id: true,
      type: true,
      authorId: true,
      createdAt: true,
      updatedAt: true,
      publishedAt: true,
      status: true,
      tags: { select: { name: true } },
    },
  });
  everything = rows.map((r) => ({ ...r, tags: r.tags.map((t) => t.name) }));
});

describe("More Filters", () => {
  it("filters by type, author and tags (every tag chosen), combined with status", async () => {
    const want = everything.filter((i) => i.type === "social" && i.status === "published").map((i) => i.id);
    expect(sorted((await ids("type=social&status=published")).ids)).toEqual(sorted(want));
    const author = everything.filter((i) => i.authorId === SAMPLE.Writer).map((i) => i.id);
    expect(sorted((await ids(`author=${SAMPLE.Writer}`)).ids)).toEqual(sorted(author));
    const both = everything.filter((i) => i.tags.includes("Logistics") && i.tags.includes("Ports")).map((i) => i.id);
    expect(both).toHaveLength(1);
    expect((await ids("tag=Logistics&tag=Ports")).ids).toEqual(both);
  });

  it("filters by a created, updated or published date range, the end day included", async () => {
    const day = (d: Date) => d.toISOString().slice(0, 10);
    const pivot = everything.find((i) => i.publishedAt)!.publishedAt!;
    for (const [field, of] of [
      ["created", (i: Item) => i.createdAt],
      ["updated", (i: Item) => i.updatedAt],
      ["published", (i: Item) => i.publishedAt],
    ] as const) {
      const want = everything.filter((i) => of(i) && day(of(i)!) >= day(pivot) && day(of(i)!) <= day(pivot)).map((i) => i.id);
      expect(sorted((await ids(`date=${field}&from=${day(pivot)}&to=${day(pivot)}`)).ids), field).toEqual(sorted(want));
    }
  });

  it("counts per value say what choosing it would show", async () => {
    const { page } = await ids("status=draft");
    for (const [type, n] of Object.entries(page.facets!.type!)) expect((await ids(`status=draft&type=${type}`)).ids).toHaveLength(n);
    const tag = page.facets!.tag[0];
    expect((await ids(`status=draft&tag=${encodeURIComponent(tag.name)}`)).ids).toHaveLength(tag.count!);
  });

  it("refuses an inverted date range and an impossible date with a message", async () => {
    for (const [qs, message] of [
      ["from=2026-11-10&to=2026-11-01", "The start date must be on or before the end date."],
      ["from=2026-02-30", "That date does not exist."],
      ["type=poem", "Unknown content type."],
    ]) {
      const outcome = await run(loader, get(`/library?${qs}`, cookie));
      expect(outcome.status).toBe(400);
      expect(JSON.stringify(outcome.body)).toContain(message);
    }
  });
});

describe("body search", () => {
  it("finds a phrase from the text, after the title and tag matches, with the words marked", async () => {
    const { ids: found, page } = await ids("q=quartermaster");
    const handbook = everything.find((i) => i.type === "blog" && i.tags.includes("Logistics"))!.id;
    const harbour = everything.find((i) => i.tags.includes("Ports"))!.id;
    expect(found).toEqual([handbook, harbour]); // title match first, then the body match
    expect(page.bodyMatches).toEqual([harbour]);
    // Counts cover both kinds of match.
    expect(page.facets!.type).toEqual({ blog: 1, article: 1 });
    expect(page.facets!.tag).toContainEqual({ name: "Logistics", count: 2 });
    const outcome = await run(loader, get("/library?q=quartermaster", cookie));
    const excerpts = (outcome.body as { excerpts: Record<string, { text: string; hit: boolean }[]> }).excerpts;
    expect(excerpts[harbour].find((p) => p.hit)?.text).toBe("quartermaster");
  });

  it("takes the last word as the start of longer words, however many the body index holds", async () => {
    const body = (word: string) => `Notes from the ${word} of the zanthoxyl harvest.`;
    const make = (word: string) => createContent({ title: "Field log", type: "blog", tags: [], authorId: SAMPLE.Writer, body: body(word) });
    const exact = await make("zanthoxylum");
    const longer = await make("zanthoxylums");
    const phrase = await make("zanthoxylum-tree");
    expect(sorted((await ids("q=zanthoxylum")).ids)).toEqual(sorted([exact.id, longer.id, phrase.id]));
    expect(sorted((await ids("q=zanthox")).ids)).toEqual(sorted([exact.id, longer.id, phrase.id]));
    // "the zanthoxyl": a phrase whose last word only starts the others; "harvest" holds none.
    expect(sorted((await ids("q=the zanthoxylu")).ids)).toEqual(sorted([exact.id, longer.id, phrase.id]));
    // More longer words than are spelled out: the prefix still finds every one.
    const many = [];
    for (let n = 0; n < 22; n++) many.push((await make(`zanthoxylum${String.fromCharCode(97 + n)}x`)).id);
    expect(sorted((await ids("q=zanthoxylu")).ids)).toEqual(sorted([exact.id, longer.id, phrase.id, ...many]));
    expect(sorted((await ids("q=zanthoxylume")).ids)).toEqual(sorted([many[4]]));
  });

  it("follows edits to the text", async () => {
    const { id } = await createContent({ title: "Plain", type: "blog", tags: [], authorId: SAMPLE.Writer, body: "about marmalade" });
    expect((await ids("q=marmalade")).ids).toEqual([id]);
    await prisma.contentItem.update({ where: { id }, data: { body: "about jam" } });
    expect((await ids("q=marmalade")).ids).toEqual([]);
    expect((await ids("q=jam")).ids).toContain(id);
    await prisma.contentItem.delete({ where: { id } });
    expect((await ids("q=jam")).ids).not.toContain(id);
  });
});

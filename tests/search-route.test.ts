import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db/db.server";
import { SEARCH_LIMIT, SEARCH_TERM_MAX, type ContentMatch } from "~/domain/content-search";
import { createContent } from "~/models/content-write.server";
import { loader as search } from "~/routes/search";
import { SAMPLE, cookieFor, freshSeed, get, run } from "./route-helpers";

// Read-only route: one seed for the file, plus a few items with awkward titles.
let cookie: string;
const made: Record<string, string> = {};

beforeAll(async () => {
  await freshSeed();
  cookie = await cookieFor(SAMPLE.Writer);
  const titles = {
    percent: "100% Organic Growth_Plan",
    quoted: 'The "Quoted" Launch',
    unicode: "Café Crème at the École ✨",
  };
  for (const [key, title] of Object.entries(titles))
    made[key] = (await createContent({ title, type: "blog", tags: [], authorId: SAMPLE.Writer })).id;
  made.tagged = (await createContent({ title: "Plain title", type: "social", tags: ["Ünïcode-Tag", "Crème"], authorId: SAMPLE.Writer })).id;
});

async function find(q: string | null, who = cookie) {
  const outcome = await run(search, get(q === null ? "/search" : `/search?${new URLSearchParams({ q })}`, who));
  const body = outcome.body as { q: string; items: ContentMatch[]; error: string | null };
  return { status: outcome.status, body, ids: body.items?.map((i) => i.id) ?? [], titles: body.items?.map((i) => i.title) ?? [] };
}

describe("GET /search", () => {
  it("answers a visitor without a session 401 and no matches (a redirect would navigate the fetcher)", async () => {
    const outcome = await run(search, get("/search?q=seo"));
    expect(outcome.status).toBe(401);
    expect(outcome.body).toEqual({ q: "seo", items: [], error: "Sign in to search." });
  });

  it.each([null, "", "   "])("answers %j with an empty list", async (q) => {
    const { status, body } = await find(q);
    expect(status).toBe(200);
    expect(body.items).toEqual([]);
  });

  it("matches titles ignoring case, with exactly id, title, excerpt, type and status", async () => {
    const { body } = await find("seo TRENDS");
    expect(body.q).toBe("seo TRENDS");
    expect(body.items).toHaveLength(1);
    expect(body.items[0]).toEqual({
      id: expect.any(String),
      title: "10 SEO Trends to Watch This Quarter",
      excerpt: "",
      type: "blog",
      status: expect.any(String),
    });
  });

  it("matches tags as well as titles", async () => {
    const { ids } = await find("instagram");
    expect(ids.length).toBeGreaterThan(0);
    const tagged = await prisma.contentItem.findMany({
      where: { id: { in: ids } },
      select: { title: true, tags: { select: { name: true } } },
    });
    expect(tagged.some((i) => !/instagram/i.test(i.title))).toBe(true);
    expect(tagged.every((i) => /instagram/i.test(i.title) || i.tags.some((t) => /instagram/i.test(t.name)))).toBe(true);
  });

  it(`returns at most ${SEARCH_LIMIT}, most recently edited first`, async () => {
    const { ids } = await find("e");
    expect(ids).toHaveLength(SEARCH_LIMIT);
    const rows = await prisma.contentItem.findMany({ where: { id: { in: ids } }, select: { id: true, updatedAt: true } });
    const times = ids.map((id) => rows.find((r) => r.id === id)!.updatedAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const newest = await prisma.contentItem.findFirst({ orderBy: { updatedAt: "desc" }, select: { id: true } });
    expect(ids[0]).toBe(newest!.id);
  });

  it("treats % and _ as plain characters, not wildcards", async () => {
    expect((await find("%")).ids).toEqual([made.percent]);
    expect((await find("_")).ids).toEqual([made.percent]);
    expect((await find("0% o")).ids).toEqual([made.percent]);
    expect((await find("h_p")).ids).toEqual([made.percent]);
  });

  it("finds titles with quotes and shrugs off SQL-looking input", async () => {
    expect((await find("Analyst's")).titles).toEqual(["The Analyst's Guide to Engagement Rate"]);
    expect((await find('"quoted"')).ids).toEqual([made.quoted]);
    const injection = await find("') OR 1=1 --");
    expect(injection.status).toBe(200);
    expect(injection.ids).toEqual([]);
  });

  it("matches unicode, folding case of accented letters", async () => {
    expect((await find("café")).ids).toEqual([made.unicode]);
    expect((await find("CAFÉ CRÈME")).ids).toEqual([made.unicode]);
    expect((await find("CRÈME")).ids).toEqual([made.tagged, made.unicode]); // a tag and a title, newest first
    expect((await find("école")).ids).toEqual([made.unicode]);
    expect((await find("✨")).ids).toEqual([made.unicode]);
    expect((await find("ünïcode-tag")).ids).toEqual([made.tagged]);
    expect((await find("ÜNÏCODE")).ids).toEqual([made.tagged]);
    expect((await find("cafe\u0301")).ids).toEqual([made.unicode]); // decomposed é
    expect((await find("ünïcödé ✨")).ids).toEqual([]);
  });

  it("is open to every role, since reading is", async () => {
    const analyst = await cookieFor(SAMPLE.Analyst);
    expect((await find("SEO Trends", analyst)).titles).toEqual(["10 SEO Trends to Watch This Quarter"]);
  });

  it("refuses an overlong term with a 400 and a message", async () => {
    const { status, body } = await find("x".repeat(SEARCH_TERM_MAX + 1));
    expect(status).toBe(400);
    expect(body.items).toEqual([]);
    expect(body.error).toMatch(/limited to/);
  });
});

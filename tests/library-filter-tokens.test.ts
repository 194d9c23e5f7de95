import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db/db.server";
import type { ContentStatus } from "~/domain/content";
import { listLibraryPage } from "~/models/content.server";
import { createContent } from "~/models/content-write.server";
import { SAMPLE, freshSeed } from "./route-helpers";
import { onPostgresRun } from "./engine";

// Decision 031: a filtered search is counted from the filters' tokens inside both full-text indexes.
// The tokens follow every change of status, type, author, tags and body; the same search with a date
// range that covers everything (which has no token, so it goes through the listing's indexes) must
// find the same items.

type Filters = { status?: ContentStatus; type?: string; authorId?: string; tags?: string[] };
const WORD = `quillwort${Date.now().toString(36)}`;

/** The items a search finds, checked against the same search through the listing's indexes, counts per filter value too. */
async function found(q: string, filters: Filters = {}) {
  const page = await listLibraryPage({ q, sort: "newest", page: 1, pageSize: 100, facets: true, ...filters });
  const ids = page.items.map((i) => i.id).sort();
  expect(page.window.total).toBe(ids.length);
  // A date range has no token: it goes through the listing's indexes.
  const all = await listLibraryPage({
    q,
    sort: "newest",
    page: 1,
    pageSize: 100,
    facets: true,
    ...filters,
    dateField: "created",
    from: new Date(0),
  });
  expect(all.items.map((i) => i.id).sort(), "token path and listing path agree").toEqual(ids);
  expect(all.facets, "counts per filter value agree").toEqual(page.facets);
  return ids;
}

let titled: string; // the word in its title
let bodied: string; // the word in its body only
let tagged: string; // the word in a tag

beforeAll(async () => {
  await freshSeed();
  titled = (
    await createContent({ title: `The ${WORD} field guide`, type: "blog", tags: ["Flora"], authorId: SAMPLE.Writer, body: "Moss." })
  ).id;
  bodied = (
    await createContent({
      title: "Marsh walk",
      type: "article",
      tags: ["Flora", "Walks"],
      authorId: SAMPLE.Editor,
      body: `We found ${WORD} by the pond.`,
    })
  ).id;
  tagged = (await createContent({ title: "Pond life", type: "social", tags: [WORD], authorId: SAMPLE.Writer, body: "Frogs." })).id;
});

describe("filter tokens in the full-text indexes", () => {
  it("count title, tag and body matches per status, type, author and tag", async () => {
    expect(await found(WORD)).toEqual([titled, bodied, tagged].sort());
    expect(await found(WORD, { status: "draft" })).toEqual([titled, bodied, tagged].sort());
    expect(await found(WORD, { type: "article" })).toEqual([bodied]);
    expect(await found(WORD, { authorId: SAMPLE.Writer })).toEqual([titled, tagged].sort());
    expect(await found(WORD, { tags: ["Flora"] })).toEqual([titled, bodied].sort());
    expect(await found(WORD, { tags: ["Flora", "Walks"], type: "article", authorId: SAMPLE.Editor })).toEqual([bodied]);
    expect(await found(WORD, { status: "published" })).toEqual([]);
    // Without a term, a tag or two values are picked by their tokens too.
    expect(await found("", { tags: [WORD] })).toEqual([tagged]);
    expect(await found("", { tags: ["Walks"], type: "article", status: "draft" })).toEqual([bodied]);
    expect(await found("", { tags: ["Walks"], type: "blog" })).toEqual([]);
  });

  it("follow status, type, author and body changes", async () => {
    await prisma.contentItem.update({ where: { id: bodied }, data: { status: "review", type: "blog", authorId: SAMPLE.Admin } });
    expect(await found(WORD, { status: "review" })).toEqual([bodied]);
    expect(await found(WORD, { status: "draft" })).toEqual([titled, tagged].sort());
    expect(await found(WORD, { type: "blog", authorId: SAMPLE.Admin })).toEqual([bodied]);
    expect(await found(WORD, { type: "article" })).toEqual([]);

    await prisma.contentItem.update({ where: { id: bodied }, data: { body: "Nothing by the pond today." } });
    expect(await found(WORD, { status: "review" })).toEqual([]);
    await prisma.contentItem.update({ where: { id: bodied }, data: { body: `The ${WORD} came back.`, status: "draft" } });
    expect(await found(WORD, { status: "draft", tags: ["Walks"] })).toEqual([bodied]);
  });

  it("follow tags added, renamed (in case only too) and removed, and items deleted", async () => {
    await prisma.contentTag.create({ data: { contentId: tagged, name: "Walks", position: 1 } });
    expect(await found(WORD, { tags: ["Walks"] })).toEqual([bodied, tagged].sort());
    expect(await found("", { tags: ["Walks"], status: "draft" })).toEqual([bodied, tagged].sort());
    await prisma.contentTag.update({ where: { contentId_name: { contentId: tagged, name: "Walks" } }, data: { name: "Hikes" } });
    expect(await found(WORD, { tags: ["Walks"] })).toEqual([bodied]);
    expect(await found(WORD, { tags: ["Hikes"] })).toEqual([tagged]);
    await prisma.contentTag.delete({ where: { contentId_name: { contentId: tagged, name: "Hikes" } } });
    expect(await found(WORD, { tags: ["Hikes"] })).toEqual([]);
    // Renamed in case only: the item's tokens change, its lower-cased tag text does not.
    await prisma.contentTag.update({ where: { contentId_name: { contentId: bodied, name: "Flora" } }, data: { name: "FLORA" } });
    expect(await found(WORD, { tags: ["Flora"] })).toEqual([titled]);
    expect(await found(WORD, { tags: ["FLORA"] })).toEqual([bodied]);
    await prisma.contentTag.update({ where: { contentId_name: { contentId: bodied, name: "FLORA" } }, data: { name: "Flora" } });
    await prisma.contentItem.delete({ where: { id: titled } });
    expect(await found(WORD, { tags: ["Flora"] })).toEqual([bodied]);
  });

  it("find nothing for a value no item has", async () => {
    expect(await found(WORD, { tags: [`never-${WORD}`] })).toEqual([]);
    expect(await found(WORD, { authorId: "no-such-member" })).toEqual([]);
  });

  // SQLite's facet codes are characters a search could type; PostgreSQL keeps its tokens in a column of their own.
  it.skipIf(onPostgresRun)("never match a token with the search term", async () => {
    const [{ code }] = await prisma.$queryRaw<{ code: string }[]>`
      SELECT char(57344 + instr('stag', f."kind") - 1, 57600 + f."id" / 2000, 59600 + f."id" % 2000) AS code
      FROM "SearchFacetCode" f WHERE f."kind" = 's' AND f."value" = 'draft'`;
    expect((await listLibraryPage({ q: code, sort: "newest", page: 1, pageSize: 10, facets: false })).window.total).toBe(0);
  });
});

import { beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db/db.server";
import { createContent } from "~/models/content-write.server";
import { action as createAction } from "~/routes/content.new";
import { action as editor } from "~/routes/editor/route";
import { SAMPLE, cookieFor, freshSeed, post, run } from "./route-helpers";

beforeEach(() => freshSeed());

const details = async (memberId: string, fields: Record<string, string>) =>
  run(editor, post("/editor", { intent: "details", ...fields }, await cookieFor(memberId)));
const stored = (id: string) =>
  prisma.contentItem.findUniqueOrThrow({ where: { id }, select: { title: true, slug: true, excerpt: true, version: true } });

describe("title, slug and excerpt", () => {
  it("a new item gets a unique slug from its title", async () => {
    const cookie = await cookieFor(SAMPLE.Writer);
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) {
      // Not "Untitled blog post": New Blog Post reopens its own empty draft (tests/new-blog-post.test.ts).
      const result = await run(createAction, post("/content/new", { title: "Launch notes", type: "blog" }, cookie));
      ids.push(new URL(result.headers.get("Location")!, "http://x").searchParams.get("id")!);
    }
    const slugs = await Promise.all(ids.map(async (id) => (await stored(id)).slug));
    expect(slugs[0]).toMatch(/^launch-notes(-\d+)?$/);
    expect(slugs[1]).not.toBe(slugs[0]);
  });

  it("renames a draft: the slug follows the title until edited, the excerpt is saved, the text's version is untouched", async () => {
    const { id } = await createContent({ title: "Untitled blog post", type: "blog", tags: [], authorId: SAMPLE.Writer });
    const before = await stored(id);
    let result = await details(SAMPLE.Writer, { id, title: "Spring launch plan", slug: before.slug!, excerpt: "What we ship in March." });
    expect(result.status).toBe(200);
    expect(await stored(id)).toEqual({
      ...before,
      title: "Spring launch plan",
      slug: "spring-launch-plan",
      excerpt: "What we ship in March.",
    });

    result = await details(SAMPLE.Writer, { id, title: "Spring launch plan", slug: "march-launch", excerpt: "" });
    expect((await stored(id)).slug).toBe("march-launch");
    result = await details(SAMPLE.Writer, { id, title: "April launch plan", slug: "march-launch", excerpt: "" });
    expect(await stored(id)).toMatchObject({ title: "April launch plan", slug: "march-launch" });
  });

  it("refuses a slug another item has, beside the field, and changes nothing", async () => {
    const a = await createContent({ title: "First post", type: "blog", tags: [], authorId: SAMPLE.Writer });
    const b = await createContent({ title: "Second post", type: "blog", tags: [], authorId: SAMPLE.Writer });
    const before = await stored(b.id);
    const result = await details(SAMPLE.Writer, { id: b.id, title: "Renamed", slug: "first-post", excerpt: "x" });
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({ ok: false, intent: "details", fieldErrors: { slug: expect.stringContaining("First post") } });
    expect(await stored(b.id)).toEqual(before);
    expect((await stored(a.id)).slug).toBe("first-post");
  });

  it("refuses bad input with 400 beside each field, someone else's draft with 403 and an unknown item with 404", async () => {
    const { id } = await createContent({ title: "Mine", type: "blog", tags: [], authorId: SAMPLE.Writer });
    const before = await stored(id);
    const bad = await details(SAMPLE.Writer, { id, title: " ", slug: "Not a slug", excerpt: "e".repeat(301) });
    expect(bad.status).toBe(400);
    expect(Object.keys((bad.body as { fieldErrors: object }).fieldErrors).sort()).toEqual(["excerpt", "slug", "title"]);
    const other = await createContent({ title: "Theirs", type: "blog", tags: [], authorId: SAMPLE.Editor });
    expect((await details(SAMPLE.Writer, { id: other.id, title: "Taken over", slug: "", excerpt: "" })).status).toBe(403);
    expect((await details(SAMPLE.Analyst, { id, title: "Analyst edit", slug: "", excerpt: "" })).status).toBe(403);
    expect((await details(SAMPLE.Writer, { id: "no-such-item", title: "x", slug: "", excerpt: "" })).status).toBe(404);
    expect(await stored(id)).toEqual(before);
    expect((await stored(other.id)).title).toBe("Theirs");
  });

  it("keeps a published item's slug when only its title changes", async () => {
    const item = await prisma.contentItem.findFirstOrThrow({ where: { status: "published" }, select: { id: true, slug: true } });
    await details(SAMPLE.Admin, { id: item.id, title: "A brand new name", slug: item.slug!, excerpt: "" });
    expect(await stored(item.id)).toMatchObject({ title: "A brand new name", slug: item.slug });
  });
});

import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db/db.server";
import type { ContentStatus } from "~/domain/content";
import { seedDatabase } from "../../prisma/seed-database";
import { commentsFor } from "./activity.server";
import { getEditorItem, listLibraryPage, recentContent } from "./content.server";
import { addComment, saveBody } from "./content-write.server";

beforeAll(async () => {
  await seedDatabase(prisma, new Date("2026-06-17T14:00:00Z"));
});

/** Every match on one page, as the library lists them (newest first). */
const listContent = async ({ q = "", status }: { q?: string; status?: ContentStatus }) =>
  (await listLibraryPage({ q, status, sort: "newest", page: 1, pageSize: 10_000 })).items;

describe("listLibraryPage", () => {
  it("matches title or tag ignoring case", async () => {
    const byTitle = await listContent({ q: "seo trends" });
    expect(byTitle.map((i) => i.title)).toContain("10 SEO Trends to Watch This Quarter");
    const byTag = await listContent({ q: "instagram" });
    expect(byTag.length).toBeGreaterThan(0);
    expect(byTag.every((i) => i.tags.some((t) => t.toLowerCase().includes("instagram")) || /instagram/i.test(i.title))).toBe(true);
  });
  it("filters by status", async () => {
    const review = await listContent({ status: "review" });
    expect(review).toHaveLength(6);
    expect(review.every((i) => i.status === "review")).toBe(true);
    expect(await listContent({})).toHaveLength(60);
  });
  it("treats LIKE wildcards and quotes as plain text", async () => {
    expect(await listContent({ q: "%" })).toEqual([]);
    expect(await listContent({ q: "_" })).toEqual([]);
    expect((await listContent({ q: "Analyst's" })).map((i) => i.title)).toEqual(["The Analyst's Guide to Engagement Rate"]);
    expect(await listContent({ q: "ünïcödé ✨" })).toEqual([]);
    expect(await listContent({ q: "   " })).toHaveLength(60);
  });
  it("lists the most recently updated first with all-time views", async () => {
    const [first] = await recentContent(3);
    expect(first.id).toBe("content-sample");
    const published = (await listContent({ status: "published" })).find((i) => i.views > 0);
    expect(published).toBeDefined();
  });
});

describe("saveBody", () => {
  it("saves against the current version and bumps it", async () => {
    const item = (await getEditorItem("content-sample"))!;
    const result = await saveBody(item.id, "New text", item.version, "user-sarah");
    expect(result).toMatchObject({ ok: true, version: item.version + 1 });
    expect((await getEditorItem(item.id))!.body).toBe("New text");
  });
  it("refuses a stale version and reports the newer text, changing nothing", async () => {
    const item = (await getEditorItem("content-sample"))!;
    const result = await saveBody(item.id, "Stale edit", item.version - 1, "user-marcus");
    expect(result).toEqual({ ok: false, reason: "conflict", current: { body: item.body, version: item.version } });
    expect((await getEditorItem(item.id))!.body).toBe(item.body);
  });
  it("reports a missing item", async () => {
    expect(await saveBody("nope", "x", 1, "user-sarah")).toEqual({ ok: false, reason: "missing" });
  });
});

describe("addComment", () => {
  it("stores the comment and an activity event", async () => {
    const before = await prisma.activityEvent.count({ where: { type: "comment", contentId: "content-003" } });
    await addComment("content-003", "user-david", "Looks good");
    expect((await commentsFor("content-003"))[0]).toMatchObject({ body: "Looks good", author: { name: "David Kim" } });
    expect(await prisma.activityEvent.count({ where: { type: "comment", contentId: "content-003" } })).toBe(before + 1);
    expect(await addComment("missing", "user-david", "x")).toBeNull();
  });
});

import { beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db/db.server";
import { MAX_BODY } from "~/domain/editor-limits";
import { REVISION_MERGE_MS, saveBody } from "~/models/content-write.server";
import { action as save } from "~/routes/content.$id.save";
import { action as createContent } from "~/routes/content.new";
import { action as editor } from "~/routes/editor/route";
import { SAMPLE, cookieFor, freshSeed, post, run } from "./route-helpers";

beforeEach(() => freshSeed());

const item = (id: string) => prisma.contentItem.findUniqueOrThrow({ where: { id }, select: { body: true, version: true, status: true } });
const revisions = (contentId: string) =>
  prisma.contentRevision.findMany({ where: { contentId }, orderBy: [{ createdAt: "asc" }, { version: "asc" }] });

describe("creating content", () => {
  it("creates a draft owned by the member with its tags and first revision, then opens the editor", async () => {
    const cookie = await cookieFor(SAMPLE.Writer);
    const result = await run(
      createContent,
      post("/content/new", { title: "  Spring launch  ", type: "social", tags: "launch, Launch, spring" }, cookie),
    );
    expect(result.status).toBe(302);
    const id = new URL(result.headers.get("Location")!, "http://x").searchParams.get("id")!;
    const created = await prisma.contentItem.findUniqueOrThrow({ where: { id }, include: { tags: { orderBy: { position: "asc" } } } });
    expect(created).toMatchObject({ title: "Spring launch", status: "draft", authorId: SAMPLE.Writer, type: "social" });
    expect(created.tags.map((t) => t.name)).toEqual(["launch", "spring"]);
    expect(await revisions(id)).toHaveLength(1);
  });
  it("refuses an empty title or unknown type with 400 and creates nothing", async () => {
    const cookie = await cookieFor(SAMPLE.Writer);
    const before = await prisma.contentItem.count();
    const result = await run(createContent, post("/content/new", { title: "  ", type: "podcast" }, cookie));
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({ fieldErrors: { title: "Give it a title.", type: expect.stringContaining("Choose a type") } });
    expect(await prisma.contentItem.count()).toBe(before);
  });
  it("is refused to Analysts", async () => {
    const result = await run(createContent, post("/content/new", { title: "x", type: "blog" }, await cookieFor(SAMPLE.Analyst)));
    expect(result.status).toBe(403);
  });
});

describe("saving text", () => {
  it("saves with the right version and refuses a stale one with 409, keeping both texts", async () => {
    const cookie = await cookieFor(SAMPLE.Admin);
    const ok = await run(save, post("/content/content-sample/save", { version: "1", body: "New text" }, cookie), { id: "content-sample" });
    expect(ok).toMatchObject({ status: 200, body: { ok: true, version: 2 } });
    const stale = await run(save, post("/content/content-sample/save", { version: "1", body: "Other text" }, cookie), {
      id: "content-sample",
    });
    expect(stale).toMatchObject({ status: 409, body: { ok: false, current: { body: "New text", version: 2 } } });
    expect(await item("content-sample")).toMatchObject({ body: "New text", version: 2 });
  });
  it("refuses a 10 MB body, an unknown id and a bad version, changing nothing", async () => {
    const cookie = await cookieFor(SAMPLE.Admin);
    const before = await item("content-sample");
    const huge = await run(save, post("/content/content-sample/save", { version: "1", body: "x".repeat(10 * 1024 * 1024) }, cookie), {
      id: "content-sample",
    });
    expect(huge.status).toBe(400);
    const justOver = await run(save, post("/content/content-sample/save", { version: "1", body: "x".repeat(MAX_BODY + 1) }, cookie), {
      id: "content-sample",
    });
    expect(justOver).toMatchObject({ status: 400, body: { formError: expect.stringContaining("longer than") } });
    expect((await run(save, post("/content/nope/save", { version: "1", body: "x" }, cookie), { id: "nope" })).status).toBe(404);
    expect(
      (await run(save, post("/content/content-sample/save", { version: "abc", body: "x" }, cookie), { id: "content-sample" })).status,
    ).toBe(400);
    expect(await item("content-sample")).toEqual(before);
  });
  it("lets Writers save only their own drafts", async () => {
    const own = await prisma.contentItem.findFirstOrThrow({ where: { authorId: SAMPLE.Writer, status: "draft" } });
    const cookie = await cookieFor(SAMPLE.Writer);
    expect(
      (await run(save, post(`/content/${own.id}/save`, { version: String(own.version), body: "mine" }, cookie), { id: own.id })).status,
    ).toBe(200);
    const result = await run(save, post("/content/content-sample/save", { version: "1", body: "not mine" }, cookie), {
      id: "content-sample",
    });
    expect(result).toMatchObject({ status: 403, body: { formError: "Writers can only edit their own drafts." } });
  });
});

describe("revisions", () => {
  it("merges one member's burst of saves, and starts a new revision after a pause or for another member", async () => {
    // After the seed's own "Created" revision, whatever day the suite runs.
    const t0 = new Date();
    await saveBody("content-sample", "a b", 1, SAMPLE.Admin, t0);
    await saveBody("content-sample", "a b c", 2, SAMPLE.Admin, new Date(t0.getTime() + 60_000));
    expect((await revisions("content-sample")).map((r) => [r.label, r.body])).toEqual([
      ["Created", expect.any(String)],
      ["Edited", "a b c"],
    ]);
    await saveBody("content-sample", "a b c d", 3, SAMPLE.Admin, new Date(t0.getTime() + 60_000 + REVISION_MERGE_MS + 1));
    await saveBody("content-sample", "a b c d e", 4, SAMPLE.Editor, new Date(t0.getTime() + 2 * REVISION_MERGE_MS + 2));
    const history = await revisions("content-sample");
    expect(history.map((r) => r.body).slice(1)).toEqual(["a b c", "a b c d", "a b c d e"]);
    expect(history.at(-1)).toMatchObject({ authorId: SAMPLE.Editor, wordsAdded: 1, wordsRemoved: 0 });
  });
  it("restores an old revision as a new version and keeps every revision", async () => {
    const cookie = await cookieFor(SAMPLE.Admin);
    const original = (await item("content-sample")).body;
    await saveBody("content-sample", "Replaced entirely", 1, SAMPLE.Admin);
    const first = (await revisions("content-sample"))[0];
    const restored = await run(save, post("/content/content-sample/save", { version: "2", restore: first.id }, cookie), {
      id: "content-sample",
    });
    expect(restored).toMatchObject({ status: 200, body: { ok: true, version: 3, body: original } });
    expect(await item("content-sample")).toMatchObject({ body: original, version: 3 });
    const history = await revisions("content-sample");
    expect(history).toHaveLength(3);
    expect(history.at(-1)).toMatchObject({ label: "Restored version 1", body: original });
    const foreign = await prisma.contentRevision.findFirstOrThrow({ where: { contentId: { not: "content-sample" } } });
    expect(
      (await run(save, post("/content/content-sample/save", { version: "3", restore: foreign.id }, cookie), { id: "content-sample" }))
        .status,
    ).toBe(404);
  });
});

describe("editor actions", () => {
  it("moves an item through its lifecycle, logging each move, and refuses illegal ones with 409", async () => {
    const cookie = await cookieFor(SAMPLE.Editor);
    const start = new Date();
    // The sample article scores below the seeded threshold, so approving it takes the explicit override.
    const move = (transition: string) =>
      run(editor, post("/editor", { intent: "transition", id: "content-sample", transition, override: "true" }, cookie));
    expect((await move("approve")).status).toBe(409);
    for (const [transition, status] of [
      ["submit", "review"],
      ["approve", "published"],
      ["archive", "archived"],
      ["restore", "draft"],
    ]) {
      expect((await move(transition)).status).toBe(200);
      expect((await item("content-sample")).status).toBe(status);
    }
    const events = await prisma.activityEvent.findMany({
      where: { contentId: "content-sample", userId: SAMPLE.Editor, createdAt: { gte: start } },
      orderBy: { createdAt: "asc" },
    });
    expect(events.map((e) => e.action)).toEqual([
      "submitted for review",
      expect.stringMatching(/^published, overriding the brand-voice threshold \(score \d+ of 85\)$/),
      // "Auto-post to connected platforms" is on in the seed: publishing wrote the connected networks' posts.
      "planned 2 channel posts (auto-post)",
      "archived",
      "restored",
    ]);
    expect((await move("teleport")).status).toBe(400);
    expect((await run(editor, post("/editor", { intent: "transition", id: "nope", transition: "submit" }, cookie))).status).toBe(404);
  });
  it("resolves and reopens a comment", async () => {
    const cookie = await cookieFor(SAMPLE.Writer);
    const resolve = (resolved: string) =>
      run(editor, post("/editor", { intent: "resolve", id: "content-sample", commentId: "comment-1", resolved }, cookie));
    expect((await resolve("true")).status).toBe(200);
    expect((await prisma.comment.findUniqueOrThrow({ where: { id: "comment-1" } })).resolvedAt).not.toBeNull();
    expect((await resolve("false")).status).toBe(200);
    expect((await prisma.comment.findUniqueOrThrow({ where: { id: "comment-1" } })).resolvedAt).toBeNull();
    const wrongItem = await run(
      editor,
      post("/editor", { intent: "resolve", id: "content-003", commentId: "comment-1", resolved: "true" }, cookie),
    );
    expect(wrongItem.status).toBe(404);
  });
});

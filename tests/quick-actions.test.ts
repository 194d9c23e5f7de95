import { beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { captionLength, PLATFORM_LIMITS } from "~/domain/assistant/caption-length";
import { action as captions } from "~/routes/captions";
import { loader as thumbnail } from "~/routes/thumbnails.$id";
import { loader as visualFile } from "~/routes/visuals.$id";
import { loader as visualPng } from "~/routes/visuals_.$id.png";
import { action as visuals } from "~/routes/visuals";
import { SAMPLE, cookieFor, freshSeed, get, post, run } from "./route-helpers";

beforeEach(() => freshSeed());

const generate = async (fields: Record<string, string>, role: keyof typeof SAMPLE = "Writer") =>
  run(captions, post("/captions", { intent: "generate", ...fields }, await cookieFor(SAMPLE[role])));

describe("Generate Caption", () => {
  it("writes a caption from the item within each platform's limit, with its tags and never the brand keywords", async () => {
    const item = await prisma.contentItem.findUniqueOrThrow({ where: { id: "content-sample" }, include: { tags: true } });
    for (const platform of ["twitter", "linkedin", "facebook", "instagram"] as const) {
      const result = await generate({ contentId: item.id, platform });
      expect(result.status).toBe(200);
      const body = result.body as { caption: string; source: string };
      expect(body.source).toBe("local");
      expect(captionLength(body.caption, platform)).toBeLessThanOrEqual(PLATFORM_LIMITS[platform]);
      expect(body.caption).not.toContain("#innovative"); // a brand keyword from Settings: scoring, not hashtags
    }
    const linkedin = (await generate({ contentId: item.id, platform: "linkedin" })).body as { caption: string };
    expect(linkedin.caption).toContain("Artificial intelligence is changing how marketing teams plan");
  });
  it("refuses an unknown platform with 400 and a message naming the platforms", async () => {
    const result = await generate({ contentId: "content-sample", platform: "myspace" });
    expect(result).toMatchObject({
      status: 400,
      body: { ok: false, fieldErrors: { platform: expect.stringContaining("X (Twitter), LinkedIn, Facebook, Instagram") } },
    });
    expect((await generate({ contentId: "content-sample", platform: "" })).body).toMatchObject({
      fieldErrors: { platform: "Choose a platform." },
    });
  });
  it("answers 404 for an item that does not exist, and 400 when none is picked", async () => {
    expect(await generate({ contentId: "nope", platform: "twitter" })).toMatchObject({
      status: 404,
      body: { formError: "That content item does not exist." },
    });
    expect(await generate({ platform: "twitter" })).toMatchObject({
      status: 400,
      body: { fieldErrors: { contentId: "Pick an item first." } },
    });
  });
  it("builds a caption from the title when the item has no text, and says so", async () => {
    const empty = await prisma.contentItem.create({ data: { title: "Empty launch note", type: "social", authorId: SAMPLE.Writer } });
    const result = await generate({ contentId: empty.id, platform: "twitter" });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({
      caption: expect.stringContaining("Empty launch note"),
      note: expect.stringContaining("no text yet"),
    });
  });
});

describe("saving a caption", () => {
  const save = async (fields: Record<string, string>, role: keyof typeof SAMPLE) =>
    run(
      captions,
      post("/captions", { intent: "save", contentId: "content-sample", platform: "twitter", ...fields }, await cookieFor(SAMPLE[role])),
    );

  it("creates a caption item owned by the member, with the source's tags", async () => {
    const result = await save({ caption: "Read our take on AI in marketing. #AI" }, "Writer");
    expect(result.status).toBe(200);
    const { saved } = result.body as { saved: { id: string } };
    const item = await prisma.contentItem.findUniqueOrThrow({ where: { id: saved.id }, include: { tags: true } });
    expect(item).toMatchObject({
      type: "caption",
      status: "draft",
      authorId: SAMPLE.Writer,
      body: "Read our take on AI in marketing. #AI",
      title: "X (Twitter) caption: The Future of AI in Content Marketing",
    });
    expect(item.tags.length).toBeGreaterThan(0);
  });
  it("refuses Analysts with 403, a caption over the limit or empty with 400, a missing item with 404", async () => {
    const before = await prisma.contentItem.count();
    expect(await save({ caption: "Hi" }, "Analyst")).toMatchObject({
      status: 403,
      body: { formError: expect.stringContaining("does not allow you to create content") },
    });
    expect(await save({ caption: "word ".repeat(60) }, "Writer")).toMatchObject({
      status: 400,
      body: { fieldErrors: { caption: expect.stringContaining("over X (Twitter)'s limit of 280") } },
    });
    expect(await save({ caption: "  " }, "Writer")).toMatchObject({
      status: 400,
      body: { fieldErrors: { caption: "The caption is empty." } },
    });
    expect(await save({ caption: "Hi", platform: "myspace" }, "Writer")).toMatchObject({ status: 400 });
    expect(await save({ caption: "Hi", contentId: "nope" }, "Writer")).toMatchObject({ status: 404 });
    expect(await save({ caption: "x".repeat(2 * 1024 * 1024) }, "Writer")).toMatchObject({
      status: 400,
      body: { fieldErrors: { caption: expect.stringContaining("far too long") } },
    });
    expect(await prisma.contentItem.count()).toBe(before);
  });
});

describe("Create Visual", () => {
  const create = async (contentId: string, role: keyof typeof SAMPLE) =>
    run(visuals, post("/visuals", { contentId }, await cookieFor(SAMPLE[role])));

  it("stores a card in the brand tone that then serves as the item's thumbnail", async () => {
    const cookie = await cookieFor(SAMPLE.Admin);
    const before = await run(thumbnail, get("/thumbnails/content-sample", cookie), { id: "content-sample" });
    const result = await create("content-sample", "Admin");
    expect(result.status).toBe(200);
    const { visual } = result.body as { visual: { id: string; url: string } };
    expect(visual.url).toBe(`/visuals/${visual.id}`);

    const file = await run(visualFile, get(visual.url, cookie), { id: visual.id });
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Type")).toBe("image/svg+xml; charset=utf-8");
    expect(file.headers.get("Cache-Control")).toContain("immutable");
    expect(file.headers.get("Content-Security-Policy")).toContain("default-src 'none'");
    // Signed with the team's name from Settings, not the product's.
    expect(file.body).toContain("Brightpath Marketing · Professional");
    const png = await run(visualPng, get(`${visual.url}/png?size=square`, cookie), { id: visual.id });
    expect([png.status, png.headers.get("Content-Type")]).toEqual([200, "image/png"]);
    const download = await run(visualFile, get(`${visual.url}?download=1`, cookie), { id: visual.id });
    expect(download.headers.get("Content-Disposition")).toBe('attachment; filename="the-future-of-ai-in-content-marketing-visual.svg"');

    const after = await run(thumbnail, get("/thumbnails/content-sample", cookie), { id: "content-sample" });
    expect(after.body).toBe(file.body);
    expect(after.headers.get("ETag")).not.toBe(before.headers.get("ETag"));
    const again = await run(
      thumbnail,
      new Request("http://studio.test/thumbnails/content-sample", {
        headers: { Cookie: cookie, "If-None-Match": after.headers.get("ETag")! },
      }),
      { id: "content-sample" },
    );
    expect(again.status).toBe(304);
  });
  it("escapes a hostile title in the stored card", async () => {
    const item = await prisma.contentItem.create({
      data: { title: `<script>alert(1)</script> & "Co"`, type: "social", authorId: SAMPLE.Writer },
    });
    const result = await create(item.id, "Writer");
    const stored = await prisma.contentVisual.findUniqueOrThrow({ where: { id: (result.body as { visual: { id: string } }).visual.id } });
    expect(stored.svg).not.toContain("<script");
    expect(stored.svg).toContain("&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Co&quot;");
  });
  it("answers 403 to members who may not edit the item, 404 for a missing item or visual, 400 without an item", async () => {
    expect(await create("content-sample", "Analyst")).toMatchObject({ status: 403 });
    expect(await create("content-sample", "Writer")).toMatchObject({
      status: 403,
      body: { formError: "Writers can only edit their own drafts." },
    });
    expect(await create("nope", "Editor")).toMatchObject({ status: 404 });
    expect(await create("", "Editor")).toMatchObject({ status: 400, body: { fieldErrors: { contentId: "Pick an item first." } } });
    expect(await prisma.contentVisual.count()).toBe(0);
    const missing = await run(visualFile, get("/visuals/nope", await cookieFor(SAMPLE.Admin)), { id: "nope" });
    expect(missing.status).toBe(404);
  });
});

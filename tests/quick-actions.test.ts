import { beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db/db.server";
import { captionLength, PLATFORM_LIMITS } from "~/domain/assistant/caption-length";
import { measurePost } from "~/domain/channels/network-limits";
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
  const itemBy = (authorId: string, status = "draft") =>
    prisma.contentItem.create({
      data: { title: "Captions become posts", type: "blog", status, authorId, body: "A caption belongs to a channel. Save it there." },
    });
  const save = async (contentId: string, fields: Record<string, string>, role: keyof typeof SAMPLE) =>
    run(captions, post("/captions", { intent: "save", contentId, platform: "twitter", ...fields }, await cookieFor(SAMPLE[role])));
  const postsOf = (contentId: string) => prisma.channelPost.findMany({ where: { contentId }, orderBy: { channel: "asc" } });

  it("creates the item's post for that channel with the link to the article, and replaces its text when saved again", async () => {
    const item = await itemBy(SAMPLE.Writer);
    const items = await prisma.contentItem.count();
    const first = await save(item.id, { caption: "Read our take on captions. #Captions" }, "Writer");
    expect(first.status).toBe(200);
    const { saved } = first.body as { saved: { postId: string; created: boolean; status: string; channel: string } };
    expect(saved).toMatchObject({ created: true, status: "draft", channel: "twitter" });
    expect(await postsOf(item.id)).toMatchObject([
      {
        id: saved.postId,
        channel: "twitter",
        status: "draft",
        text: "Read our take on captions. #Captions",
        link: "https://blog.brightpath.test/captions-become-posts",
        createdById: SAMPLE.Writer,
      },
    ]);
    const again = await save(item.id, { caption: "Shorter. #Captions" }, "Writer");
    expect(again.body).toMatchObject({ saved: { postId: saved.postId, created: false } });
    expect(await postsOf(item.id)).toMatchObject([{ id: saved.postId, text: "Shorter. #Captions" }]);
    expect(await prisma.contentItem.count()).toBe(items); // no separate caption item
  });

  it("generates a caption that fits with the link it goes out with, so it saves as it is", async () => {
    const item = await prisma.contentItem.create({
      data: {
        title: "A long read",
        type: "blog",
        status: "draft",
        authorId: SAMPLE.Writer,
        body: `${"plenty of words in one sentence ".repeat(40)}ends here.`,
      },
    });
    const generated = await generate({ contentId: item.id, platform: "twitter" });
    const { caption, link } = generated.body as { caption: string; link: string };
    expect(link).toBe("https://blog.brightpath.test/a-long-read");
    expect(measurePost("twitter", caption, link).over).toBe(false);
    expect(captionLength(caption, "twitter")).toBeGreaterThan(280 - 23 - 2 - 12); // cut to fit, not emptied
    expect((await save(item.id, { caption }, "Writer")).status).toBe(200);
  });

  it("refuses what the Channels panel refuses, changing nothing", async () => {
    const mine = await itemBy(SAMPLE.Writer);
    const others = await itemBy(SAMPLE.Editor);
    const published = await itemBy(SAMPLE.Writer);
    expect((await save(published.id, { caption: "Out already." }, "Writer")).status).toBe(200);
    await prisma.channelPost.updateMany({ where: { contentId: published.id }, data: { status: "published" } });
    await prisma.contentItem.update({ where: { id: published.id }, data: { status: "published" } });
    const before = JSON.stringify(await prisma.channelPost.findMany({ orderBy: { id: "asc" } }));
    const items = await prisma.contentItem.count();
    expect(await save(mine.id, { caption: "Hi" }, "Analyst")).toMatchObject({
      status: 403,
      body: { formError: expect.stringContaining("you cannot create content") },
    });
    expect(await save(others.id, { caption: "Hi" }, "Writer")).toMatchObject({
      status: 403,
      body: { formError: expect.stringMatching(/own drafts/) },
    });
    expect(await save(published.id, { caption: "Changed." }, "Editor")).toMatchObject({ status: 409 });
    expect(await save(mine.id, { caption: "word ".repeat(60) }, "Writer")).toMatchObject({
      status: 400,
      body: { fieldErrors: { caption: expect.stringContaining("over X (Twitter)'s limit of 280") } },
    });
    // 270 characters fit on their own, not with the link X counts as 23.
    expect(await save(mine.id, { caption: "a".repeat(270) }, "Writer")).toMatchObject({
      status: 400,
      body: { fieldErrors: { caption: expect.stringMatching(/X allows 280 characters; this post has 295/) } },
    });
    expect(await save(mine.id, { caption: "Hi", platform: "facebook" }, "Writer")).toMatchObject({
      status: 409,
      body: { fieldErrors: { platform: expect.stringContaining("Facebook is not connected") } },
    });
    expect(await save(mine.id, { caption: "  " }, "Writer")).toMatchObject({
      status: 400,
      body: { fieldErrors: { caption: "The caption is empty." } },
    });
    expect(await save(mine.id, { caption: "Hi", platform: "myspace" }, "Writer")).toMatchObject({ status: 400 });
    expect(await save("nope", { caption: "Hi" }, "Writer")).toMatchObject({ status: 404 });
    expect(await save(mine.id, { caption: "x".repeat(2 * 1024 * 1024) }, "Writer")).toMatchObject({
      status: 400,
      body: { fieldErrors: { caption: expect.stringContaining("far too long") } },
    });
    expect(JSON.stringify(await prisma.channelPost.findMany({ orderBy: { id: "asc" } }))).toBe(before);
    expect(await prisma.contentItem.count()).toBe(items);
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

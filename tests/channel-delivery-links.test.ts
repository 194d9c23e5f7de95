// What a receiver gets besides the text: the card as a PNG it can fetch without signing in, and the
// post's links as studio short links (/l/<code>) that redirect to the UTM-tagged link, one code per
// post and link however often the post is sent.
import { thisWorkspace, idInWorkspace } from "~/db/workspace-keys.server";
import fs from "node:fs";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db/db.server";
import { loader as uploadedImage } from "~/routes/uploads.$id";
import { deliverDueChannelPosts } from "~/services/channel-delivery.server";
import { createVariants, retryPost } from "~/services/channel-posts.server";
import { transitionContent } from "~/services/content-lifecycle.server";
import { startWebhookReceiver, type WebhookReceiver } from "./webhook-receiver";
import { SAMPLE, context, freshSeed } from "./route-helpers";

const STUDIO = "https://studio.example.test";
const editor = { id: SAMPLE.Editor, role: "Editor", name: "Marcus Rivera" };
const dir = path.resolve("tests/.tmp/delivery-uploads-" + process.pid);
let hook: WebhookReceiver;
let received: WebhookReceiver["received"];
let failing: Set<string>;
let base: string;

beforeAll(() => {
  process.env.UPLOAD_DIR = dir;
  process.env.STUDIO_URL = STUDIO;
});
afterAll(() => {
  delete process.env.UPLOAD_DIR;
  delete process.env.STUDIO_URL;
  fs.rmSync(dir, { recursive: true, force: true });
});

beforeEach(async () => {
  hook = await startWebhookReceiver();
  ({ received, failing, base } = hook);
  await freshSeed();
  for (const id of ["twitter", "linkedin", "instagram"])
    await prisma.integration.update({ where: idInWorkspace(id), data: { connected: true, handle: `@${id}`, webhookUrl: `${base}/${id}` } });
  await prisma.integration.updateMany({ where: { id: { notIn: ["twitter", "linkedin", "instagram"] } }, data: { connected: false } });
});

afterEach(() => hook.close());

async function publishedItem() {
  const item = await prisma.contentItem.create({
    data: {
      title: "Short links that count",
      type: "blog",
      status: "review",
      authorId: SAMPLE.Writer,
      body: "Every click on a channel post tells you which network sent the reader. Count them.",
      tags: { create: [{ name: "analytics", position: 0 }] },
      visuals: { create: { svg: "<svg/>", tone: "professional", createdById: SAMPLE.Writer } },
    },
  });
  expect(await createVariants(item.id, editor)).toMatchObject({ ok: true, created: 4 });
  return item;
}

/** "WIDTHxHEIGHT" from a JPEG's frame header (SOF0), after checking its start-of-image marker. */
function jpegSize(jpeg: Buffer): string {
  expect(jpeg.readUInt16BE(0)).toBe(0xffd8);
  for (let at = 2; at + 9 < jpeg.length; at += 2 + jpeg.readUInt16BE(at + 2))
    if (jpeg[at + 1] === 0xc0) return `${jpeg.readUInt16BE(at + 7)}x${jpeg.readUInt16BE(at + 5)}`;
  throw new Error("no frame header");
}

async function fetchWithoutCookie(url: string) {
  const id = new URL(url).pathname.replace(/^\/uploads\//, "");
  return uploadedImage({ request: new Request(url), params: { id }, context: context() });
}

describe("a channel post's image in the payload", () => {
  it("is an absolute public URL on the studio that answers without a cookie: a PNG card, and Instagram's square as a JPEG", async () => {
    const item = await publishedItem();
    await transitionContent(item.id, "approve", editor, new Date(), { override: true });
    await deliverDueChannelPosts();
    expect(received.map((r) => r.path).sort()).toEqual(["/instagram", "/linkedin", "/twitter"]);
    const sizes = new Map<string, string>();
    for (const r of received) {
      expect(r.body.imageUrl).toMatch(new RegExp(`^${STUDIO}/uploads/[a-z0-9]+$`));
      const res = await fetchWithoutCookie(r.body.imageUrl!);
      expect(res.status).toBe(200);
      const image = Buffer.from(await res.arrayBuffer());
      if (r.body.channel === "instagram") {
        expect(res.headers.get("Content-Type")).toBe("image/jpeg");
        sizes.set(r.body.channel, jpegSize(image));
        continue;
      }
      expect(res.headers.get("Content-Type")).toBe("image/png");
      expect(image.subarray(1, 4).toString()).toBe("PNG");
      sizes.set(r.body.channel, `${image.readUInt32BE(16)}x${image.readUInt32BE(20)}`);
    }
    expect(Object.fromEntries(sizes)).toEqual({ twitter: "1200x630", linkedin: "1200x630", instagram: "1080x1080" });
  });

  it("turns an older post's card behind sign-in into a public upload when it is sent", async () => {
    const item = await publishedItem();
    const visual = await prisma.contentVisual.findFirstOrThrow({ where: { contentId: item.id } });
    await prisma.channelPost.updateMany({ where: { contentId: item.id }, data: { imageUrl: `/visuals/${visual.id}/png` } });
    await transitionContent(item.id, "approve", editor, new Date(), { override: true });
    await deliverDueChannelPosts();
    const urls = received.map((r) => r.body.imageUrl!);
    for (const url of urls) expect((await fetchWithoutCookie(url)).status).toBe(200);
    const stored = await prisma.channelPost.findMany({ where: { contentId: item.id }, select: { imageUrl: true } });
    expect(stored.every((p) => p.imageUrl?.startsWith("/uploads/"))).toBe(true);
  });
});

describe("links in a channel post", () => {
  it("go out as short links to the UTM-tagged link, in the text the network gets, with the full link beside", async () => {
    const item = await publishedItem();
    const x = await prisma.channelPost.findFirstOrThrow({ where: { contentId: item.id, channel: "twitter" } });
    await prisma.channelPost.update({ where: { id: x.id }, data: { text: `Read it: ${x.link}. Then share it.` } });
    await transitionContent(item.id, "approve", editor, new Date(), { override: true });
    await deliverDueChannelPosts();
    const sent = received.find((r) => r.path === "/twitter")!.body;
    expect(sent.link).toBe(
      "https://blog.brightpath.test/short-links-that-count?utm_source=twitter&utm_medium=social&utm_campaign=short-links-that-count",
    );
    expect(sent.shortLink).toMatch(new RegExp(`^${STUDIO}/l/[A-Za-z0-9_-]{6,16}$`));
    expect(sent.text).toBe(`Read it: ${sent.shortLink}. Then share it.`);
    expect(sent.post).toBe(sent.text); // the short link is already in the text: not added twice
    expect(sent.post).not.toContain("blog.brightpath.test");
    const code = sent.shortLink!.split("/l/")[1];
    expect(await prisma.shortLink.findUniqueOrThrow({ where: { code } })).toMatchObject({ channelPostId: x.id, url: sent.link });
    const li = received.find((r) => r.path === "/linkedin")!.body;
    expect(li.post.endsWith(`\n\n${li.shortLink}`)).toBe(true);
    expect(li.shortLink).not.toBe(sent.shortLink);
  });

  it("reuse their code when the same post is sent again (Retry)", async () => {
    const item = await publishedItem();
    failing.add("/linkedin");
    await transitionContent(item.id, "approve", editor, new Date(), { override: true });
    const li = () => prisma.channelPost.findFirstOrThrow({ where: { contentId: item.id, channel: "linkedin" } });
    for (let i = 0; i < 3; i++) await deliverDueChannelPosts(new Date((await li()).nextAttemptAt?.getTime() ?? Date.now()));
    expect((await li()).status).toBe("failed");
    const before = await prisma.shortLink.findMany({ where: { channelPostId: (await li()).id } });
    expect(before).toHaveLength(1);
    failing.clear();
    await retryPost((await li()).id, editor);
    await deliverDueChannelPosts();
    const sent = received.find((r) => r.path === "/linkedin")!.body;
    expect(sent.shortLink).toBe(`${STUDIO}/l/${before[0].code}`);
    expect(await prisma.shortLink.count({ where: { channelPostId: (await li()).id } })).toBe(1);
  });

  it("keep the link untagged when the team turned UTM tagging off", async () => {
    await prisma.settings.update({ where: thisWorkspace(), data: { utmTagging: false } });
    const item = await publishedItem();
    await transitionContent(item.id, "approve", editor, new Date(), { override: true });
    await deliverDueChannelPosts();
    const sent = received.find((r) => r.path === "/twitter")!.body;
    expect(sent.link).toBe("https://blog.brightpath.test/short-links-that-count");
    const code = sent.shortLink!.split("/l/")[1];
    expect((await prisma.shortLink.findUniqueOrThrow({ where: { code } })).url).toBe(sent.link);
  });
});

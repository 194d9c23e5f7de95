// The honest outbox (decision 042): a post no network or webhook took is "Ready to post by hand", never
// "Published"; a member marks it posted with its address, and only then it counts as published.
import { beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db/db.server";
import { action as channels, loader as channelsPage } from "~/routes/content.$id.channels/route";
import { deliverDueChannelPosts } from "~/services/channel-delivery.server";
import { createVariants } from "~/services/channel-posts.server";
import { transitionContent } from "~/services/content-lifecycle.server";
import { databaseDigest } from "./db-snapshot";
import { SAMPLE, cookieFor, freshSeed, get, post, run } from "./route-helpers";

const editor = { id: SAMPLE.Editor, role: "Editor", name: "Marcus Rivera" };

beforeEach(() => freshSeed());

async function sentWithoutReceiver() {
  const item = await prisma.contentItem.create({
    data: { title: "By hand", type: "blog", status: "review", authorId: SAMPLE.Writer, body: "Posts need a home. This one goes by hand." },
  });
  await createVariants(item.id, editor);
  await transitionContent(item.id, "approve", editor, new Date(), { override: true });
  await deliverDueChannelPosts();
  return { item, x: await prisma.channelPost.findFirstOrThrow({ where: { contentId: item.id, channel: "twitter" } }) };
}

// The item is published, so its Writer no longer edits it: an Editor marks its posts.
const mark = async (postId: string, url: string, userId: string = SAMPLE.Editor) =>
  run(channels, post("/content/x/channels", { intent: "posted", postId, url }, await cookieFor(userId)), { id: "x" });

describe("posting by hand", () => {
  it("never calls a post the seeded X channel (no token, no webhook) took 'published'", async () => {
    const { item, x } = await sentWithoutReceiver();
    expect(x).toMatchObject({ status: "manual", publishedAt: null, externalUrl: null });
    const page = await run(channelsPage, get(`/content/${item.id}/channels`, await cookieFor(SAMPLE.Writer)), { id: item.id });
    const posts = (page.body as { panel: { posts: { channel: string; status: string }[] } }).panel.posts;
    expect(posts.every((p) => p.status === "manual")).toBe(true);
  });

  it("counts it as published once marked posted with its address", async () => {
    const { x } = await sentWithoutReceiver();
    const outcome = await mark(x.id, "https://x.com/studiohq/status/1861234567890");
    expect(outcome.status).toBe(200);
    expect(await prisma.channelPost.findUniqueOrThrow({ where: { id: x.id } })).toMatchObject({
      status: "published",
      externalUrl: "https://x.com/studiohq/status/1861234567890",
    });
    // A second mark is a conflict, and changes nothing.
    const before = await databaseDigest();
    expect((await mark(x.id, "https://x.com/studiohq/status/1")).status).toBe(409);
    expect(await databaseDigest()).toEqual(before);
  });

  it("refuses an address that is not one (400 beside the field) and a member who may not edit (403)", async () => {
    const { x } = await sentWithoutReceiver();
    const before = await databaseDigest();
    const bad = await mark(x.id, "posted it");
    expect(bad.status).toBe(400);
    expect((bad.body as { fieldErrors: Record<string, string> }).fieldErrors.url).toMatch(/full address/);
    expect((await mark(x.id, "https://x.com/a/status/2", SAMPLE.Analyst)).status).toBe(403);
    expect(await databaseDigest()).toEqual(before);
  });
});

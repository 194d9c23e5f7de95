// Figures come back per post on Facebook Pages, Instagram and Threads (issue 36, decision 050):
// after a post is published through the fake Graph and Threads APIs on loopback, a due pull records
// Meta's counts on the post's figures row and in the per-channel analytics, as X's are; a count Meta
// does not give stays null, and a refused read follows the shared error kinds.
import { idInWorkspace } from "~/db/workspace-keys.server";
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { prisma } from "~/db/db.server";
import { lastDays } from "~/domain/dates";
import { channelTotals } from "~/models/channel-analytics.server";
import { saveConnection } from "~/models/integration.server";
import { deliverDueChannelPosts } from "~/services/channel-delivery.server";
import { pullDueFigures } from "~/services/post-figures.server";
import { GRAPH, THREADS, THREADS_USER, type FakeMetaCounts } from "./fake-meta";
import { fakeMetaPerTest } from "./fake-meta-per-test";
import { publishedItem } from "./network-helpers";
import { SAMPLE } from "./route-helpers";

type Meta = "facebook" | "instagram" | "threads";
const JPEG = fs.readFileSync(new URL("./fixtures/white-2x2.jpg", import.meta.url));
const COFFEE = { id: "101", name: "Bright Path Coffee", instagram: { id: "17841400001", username: "brightpathcoffee" } };
const DAY = 86_400_000;
const fake = await fakeMetaPerTest([COFFEE]);

/** Connects the network as if its consent had run: a token the fake accepts and the account chosen. */
async function connect(network: Meta) {
  const account = {
    facebook: { accessToken: fake.grant("page", COFFEE.id), accountId: COFFEE.id, handle: COFFEE.name },
    instagram: { accessToken: fake.grant("long"), accountId: COFFEE.instagram.id, handle: `@${COFFEE.instagram.username}` },
    threads: { accessToken: fake.grant("th-long"), accountId: THREADS_USER.id, handle: `@${THREADS_USER.username}` },
  }[network];
  await saveConnection(network, { ...account, refreshToken: null, expiresAt: null }, SAMPLE.Admin);
}

/** A post published on `network` now (with a JPEG, which Instagram needs), and when its first pull is due. */
async function postedOn(network: Meta) {
  await connect(network);
  const item = await publishedItem(JPEG);
  expect(await deliverDueChannelPosts()).toMatchObject({ sent: 1 });
  const post = await prisma.channelPost.findFirstOrThrow({ where: { contentId: item.id, channel: network } });
  expect(post).toMatchObject({ status: "published", externalId: expect.any(String) });
  const { nextPullAt } = await figuresOf(post.id);
  return { post: post as typeof post & { externalId: string }, due: nextPullAt! };
}

const figuresOf = (postId: string) => prisma.channelPostFigures.findUniqueOrThrow({ where: { channelPostId: postId } });
const integration = (id: string) => prisma.integration.findUniqueOrThrow({ where: idInWorkspace(id) });

describe("Meta's counts, asked for and mapped", () => {
  const cases: { network: Meta; request: RegExp; counts: FakeMetaCounts; expected: object; day: object; totals: object }[] = [
    {
      network: "facebook",
      request: new RegExp(
        `^${GRAPH}/\\?ids=101_\\d+&fields=likes\\.summary%28true%29\\.limit%280%29%2Ccomments\\.summary%28true%29\\.limit%280%29%2Cshares$`,
      ),
      counts: { likes: 42, replies: 3, reposts: 7 },
      expected: { likes: 42, reposts: 7, replies: 3, quotes: null, impressions: null, clicks: null },
      day: { likes: 42, comments: 3, shares: 7, impressions: 0, clicks: 0 },
      totals: { views: 0, shares: 7, engaged: 52 },
    },
    {
      network: "instagram",
      request: new RegExp(`^${GRAPH}/\\?ids=\\d+&fields=like_count%2Ccomments_count$`),
      counts: { likes: 17, replies: 4, views: 950 },
      expected: { likes: 17, reposts: null, replies: 4, quotes: null, impressions: 950, clicks: null },
      day: { likes: 17, comments: 4, shares: 0, impressions: 950, clicks: 0 },
      totals: { views: 950, shares: 0, engaged: 21 },
    },
    {
      network: "threads",
      request: new RegExp(`^${THREADS}/\\d+/insights\\?metric=likes%2Creplies%2Creposts%2Cquotes%2Cviews$`),
      counts: { likes: 9, replies: 2, reposts: 3, quotes: 1, views: 640 },
      expected: { likes: 9, reposts: 3, replies: 2, quotes: 1, impressions: 640, clicks: null },
      day: { likes: 9, comments: 2, shares: 4, impressions: 640, clicks: 0 },
      totals: { views: 640, shares: 4, engaged: 15 },
    },
  ];

  it.each(cases)("$network", async ({ network, request, counts, expected, day, totals }) => {
    const { post, due } = await postedOn(network);
    fake.counts.set(post.externalId, counts);
    expect(await pullDueFigures(due)).toMatchObject({ pulled: 1 });
    // Instagram's views are the post's media insights: a second request.
    expect(fake.countRequests).toHaveLength(network === "instagram" ? 2 : 1);
    expect(fake.countRequests[0]).toMatch(request);
    if (network === "instagram") expect(fake.countRequests[1]).toBe(`${GRAPH}/${post.externalId}/insights?metric=views`);
    expect(await figuresOf(post.id)).toMatchObject({
      ...expected,
      lastError: null,
      pulledAt: due,
      nextPullAt: new Date(due.getTime() + 23 * 3_600_000),
    });
    expect(await prisma.channelPostMetric.findFirstOrThrow({ where: { channelPostId: post.id } })).toMatchObject({
      ...day,
      source: "pull",
    });
    const row = (await channelTotals(lastDays(due, 7).current)).find((c) => c.channel === network);
    expect(row).toMatchObject(totals);
  });

  it("asks Graph for several Facebook posts in one request", async () => {
    const first = await postedOn("facebook");
    const second = await publishedItem();
    expect(await deliverDueChannelPosts()).toMatchObject({ sent: 1 });
    const other = await prisma.channelPost.findFirstOrThrow({ where: { contentId: second.id, channel: "facebook" } });
    fake.counts.set(first.post.externalId, { likes: 1 });
    fake.counts.set(other.externalId!, { likes: 2 });
    expect(await pullDueFigures(new Date(first.due.getTime() + 60_000))).toMatchObject({ pulled: 2 });
    expect(fake.countRequests).toHaveLength(1);
    const ids = new URL(`http://x${fake.countRequests[0]}`).searchParams.get("ids")?.split(",").sort();
    expect(ids).toEqual([first.post.externalId, other.externalId].sort());
    expect(await figuresOf(other.id)).toMatchObject({ likes: 2 });
  });
});

describe("Instagram's views", () => {
  /** Two Instagram posts, due for their first pull at the later one's time. */
  async function twoPosts() {
    const first = await postedOn("instagram");
    const item = await publishedItem(JPEG);
    expect(await deliverDueChannelPosts()).toMatchObject({ sent: 1 });
    const second = await prisma.channelPost.findFirstOrThrow({ where: { contentId: item.id, channel: "instagram" } });
    return { first: first.post, second: second as typeof second & { externalId: string }, due: new Date(first.due.getTime() + 60_000) };
  }
  /** Every views request that reached the fake, refused or answered. */
  const viewsAsked = () => fake.calls.filter((c) => c.path.endsWith("/insights")).map((c) => c.path.split("/").at(-2));
  const refusal = (message: string) => ({ status: 400, body: { error: { message, code: 10 } } });

  it("without instagram_manage_insights: likes and comments are read, views stay null and are not asked for again", async () => {
    const { first, second, due } = await twoPosts();
    fake.counts.set(first.externalId, { likes: 3, views: 100 });
    fake.counts.set(second.externalId, { likes: 4, views: 200 });
    for (const post of [first, second])
      fake.failNext(`${GRAPH}/${post.externalId}/insights`, refusal("(#10) Application does not have permission for this action"));
    fake.calls.length = 0;
    expect(await pullDueFigures(due)).toMatchObject({ pulled: 2 });
    // One refused views request, then none: the permission is the connection's, not the post's.
    expect(viewsAsked()).toHaveLength(1);
    expect(await figuresOf(first.id)).toMatchObject({ likes: 3, impressions: null, lastError: null });
    expect(await figuresOf(second.id)).toMatchObject({ likes: 4, impressions: null, lastError: null });
    expect((await integration("instagram")).reconnectReason).toBeNull();
  });

  it("a post with too few viewers has none; the other post's views are still read", async () => {
    const { first, second, due } = await twoPosts();
    fake.counts.set(first.externalId, { likes: 3, views: 100 });
    fake.counts.set(second.externalId, { likes: 4, views: 200 });
    fake.failNext(`${GRAPH}/${first.externalId}/insights`, refusal("(#10) Not enough viewers for the media to show insights"));
    fake.calls.length = 0;
    expect(await pullDueFigures(due)).toMatchObject({ pulled: 2 });
    expect(viewsAsked().sort()).toEqual([first.externalId, second.externalId].sort());
    expect(await figuresOf(first.id)).toMatchObject({ likes: 3, impressions: null, lastError: null });
    expect(await figuresOf(second.id)).toMatchObject({ likes: 4, impressions: 200, lastError: null });
  });
});

describe("a post Meta no longer shows", () => {
  it("is left out after Graph refuses the batch it is in, and the others are still read", async () => {
    const first = await postedOn("facebook");
    const second = await publishedItem();
    expect(await deliverDueChannelPosts()).toMatchObject({ sent: 1 });
    const deleted = await prisma.channelPost.findFirstOrThrow({ where: { contentId: second.id, channel: "facebook" } });
    fake.posts.splice(
      fake.posts.findIndex((p) => p.id === deleted.externalId),
      1,
    );
    fake.counts.set(first.post.externalId, { likes: 8 });
    expect(await pullDueFigures(new Date(first.due.getTime() + 60_000))).toMatchObject({ pulled: 1, gone: 1 });
    // The batch, then each id alone.
    expect(fake.countRequests).toHaveLength(3);
    expect(await figuresOf(first.post.id)).toMatchObject({ likes: 8, lastError: null });
    expect(await figuresOf(deleted.id)).toMatchObject({ likes: null, lastError: "Facebook no longer shows this post" });
  });
});

describe("a count Meta does not give", () => {
  it.each([
    // A Facebook post never shared: Meta leaves out `shares`.
    { network: "facebook" as const, counts: { likes: 5, replies: 0 }, expected: { likes: 5, replies: 0, reposts: null } },
    // An Instagram post whose owner hid its likes: no like_count.
    { network: "instagram" as const, counts: { replies: 6 }, expected: { likes: null, replies: 6 } },
    // Threads leaves out a metric it does not have for the post.
    { network: "threads" as const, counts: { likes: 2, views: 30 }, expected: { likes: 2, replies: null, reposts: null, quotes: null } },
  ])("stays null on $network", async ({ network, counts, expected }) => {
    const { post, due } = await postedOn(network);
    fake.counts.set(post.externalId, counts);
    expect(await pullDueFigures(due)).toMatchObject({ pulled: 1 });
    expect(await figuresOf(post.id)).toMatchObject({ ...expected, clicks: null, lastError: null });
  });
});

describe("a refused read", () => {
  it("Facebook's permission code (400, code 10) skips to the next slot and says to reconnect, without holding the channel's posts", async () => {
    const { post, due } = await postedOn("facebook");
    fake.failNext(
      `${GRAPH}/`,
      { status: 400, body: { error: { message: "(#10) This endpoint requires the 'pages_read_engagement' permission", code: 10 } } },
      "GET",
    );
    expect(await pullDueFigures(due)).toMatchObject({ skipped: 1, pulled: 0 });
    // The token still posts: only the figures lack their permission.
    expect((await integration("facebook")).reconnectReason).toBeNull();
    expect(await figuresOf(post.id)).toMatchObject({
      likes: null,
      nextPullAt: new Date(due.getTime() + 23 * 3_600_000),
      lastError: "Facebook's figures need a permission this connection was not given: reconnect it to grant it",
    });
  });

  it("Instagram's refusal (400, code 100) keeps Meta's words and waits for the next slot", async () => {
    const { post, due } = await postedOn("instagram");
    fake.failNext(`${GRAPH}/`, { status: 400, body: { error: { message: "(#100) Invalid parameter", code: 100 } } }, "GET");
    expect(await pullDueFigures(due)).toMatchObject({ skipped: 1 });
    expect(await figuresOf(post.id)).toMatchObject({
      lastError: "Instagram refused to give the figures: (#100) Invalid parameter",
      nextPullAt: new Date(due.getTime() + 23 * 3_600_000),
    });
    expect((await integration("instagram")).reconnectReason).toBeNull();
  });

  it("Threads' 401 marks the channel 'needs reconnecting'; its rate limit code (613) waits and keeps the slot", async () => {
    const { post, due } = await postedOn("threads");
    fake.failNext(`${THREADS}/${post.externalId}/insights`, {
      status: 400,
      body: { error: { message: "Calls within one hour exceeded", code: 613 } },
    });
    expect(await pullDueFigures(due)).toMatchObject({ waiting: 1 });
    const waiting = await figuresOf(post.id);
    expect(waiting.lastError).toMatch(/^Threads is limiting requests/);
    expect(waiting.nextPullAt!.getTime()).toBeLessThan(due.getTime() + DAY);

    fake.failNext(`${THREADS}/${post.externalId}/insights`, { status: 401 });
    expect(await pullDueFigures(waiting.nextPullAt!)).toMatchObject({ skipped: 1 });
    expect((await integration("threads")).reconnectReason).toMatch(/^Threads no longer accepts the studio's access/);
  });
});

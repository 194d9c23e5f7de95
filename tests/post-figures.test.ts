// Figures come back per post (decision 050): each network's counts for a post it took are pulled at
// 1 h, 24 h, 7 days, then daily to 30 days after posting, against the fake network on loopback, with
// the clock injected. A rate limit waits for the reset; a channel that needs reconnecting is skipped.
import { idInWorkspace } from "~/db/workspace-keys.server";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { outboundFetch, withOutbound } from "~/adapters/outbound-fetch.server";
import { prisma } from "~/db/db.server";
import { saveConnection } from "~/models/integration.server";
import { deliverDueChannelPosts } from "~/services/channel-delivery.server";
import { pullDueFigures } from "~/services/post-figures.server";
import { channelTotals } from "~/models/channel-analytics.server";
import { FAKE_DID } from "./fake-bluesky";
import { startFakeNetwork, useFakeNetwork, type FakeNetwork, type FakePost } from "./fake-network";
import { SAMPLE, cookieFor, freshSeed, get, run } from "./route-helpers";
import { channelPanelData } from "~/services/channel-panel.server";
import { loader as channelsPage } from "~/routes/content.$id.channels/route";
import { lastDays } from "~/domain/dates";
import { linkedinAdapter } from "~/adapters/networks/linkedin.server";

type Network = FakePost["network"];
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let fake: FakeNetwork;

beforeAll(async () => {
  fake = await startFakeNetwork();
  useFakeNetwork(fake.base);
});
afterAll(() => fake.close());
beforeEach(async () => {
  await freshSeed();
  fake.posts.length = 0;
  fake.counts.clear();
  fake.countRequests.length = 0;
});

type Connected = { accountId: string; handle: string; service: boolean; scope?: string };
const ACCOUNTS: Record<Network, Connected> = {
  twitter: { accountId: "2244994945", handle: "@brightpath", service: false },
  linkedin: { accountId: "782bbtaQ", handle: "Bright Path", service: false },
  mastodon: { accountId: "109348", handle: "@brightpath@fake", service: true },
  bluesky: { accountId: FAKE_DID, handle: "@brightpath.bsky.social", service: true },
};

/** A LinkedIn organisation page the member administers, connected with the organisation permissions. */
const LINKEDIN_ORG: Connected = {
  accountId: "urn:li:organization:2414183",
  handle: "Bright Path Ltd (organisation)",
  service: false,
  scope: "openid profile w_member_social w_organization_social r_organization_social",
};

async function connect(network: Network, a = ACCOUNTS[network]) {
  await saveConnection(
    network,
    {
      accessToken: fake.grant(network, a.scope),
      refreshToken: null,
      expiresAt: null,
      accountId: a.accountId,
      handle: a.handle,
      serviceUrl: a.service ? fake.base : null,
    },
    SAMPLE.Admin,
  );
}

/** A published item whose post on `network` went out at `at` through the native connection. */
async function postedOn(network: Network, at: Date, account = ACCOUNTS[network]) {
  await connect(network, account);
  const item = await prisma.contentItem.create({
    data: { title: `Figures on ${network}`, type: "blog", status: "published", publishedAt: at, authorId: SAMPLE.Writer, body: "Body." },
  });
  const post = await prisma.channelPost.create({
    data: {
      contentId: item.id,
      channel: network,
      text: "Figures come back per post",
      status: "publishing",
      scheduledAt: at,
      nextAttemptAt: at,
      deliveryKey: `cp_${item.id}_figures`,
      createdById: SAMPLE.Writer,
    },
  });
  await deliverDueChannelPosts(at);
  const sent = await prisma.channelPost.findUniqueOrThrow({ where: { id: post.id } });
  expect(sent.status).toBe("published");
  return sent as typeof sent & { externalId: string };
}

const figuresOf = (postId: string) => prisma.channelPostFigures.findUniqueOrThrow({ where: { channelPostId: postId } });
const later = (at: Date, ms: number) => new Date(at.getTime() + ms);
/** Pulls through the guarded client, counting every request the studio makes (refusals included). */
function counted() {
  const calls: string[] = [];
  const counting: typeof fetch = (input, init) => {
    calls.push(String(input));
    return outboundFetch(input, init);
  };
  return { calls, pull: (at: Date) => withOutbound(counting, () => pullDueFigures(at)) };
}

describe("each network's counts, asked for and mapped", () => {
  const cases: { network: Network; request: RegExp; counts: object; expected: object; day: object }[] = [
    {
      network: "twitter",
      request: /^\/2\/tweets\?ids=\d+&tweet\.fields=public_metrics%2Cnon_public_metrics$/,
      counts: { likes: 42, reposts: 7, replies: 3, quotes: 2, impressions: 1200, clicks: 31 },
      expected: { likes: 42, reposts: 7, replies: 3, quotes: 2, impressions: 1200, clicks: 31 },
      day: { likes: 42, comments: 3, shares: 9, impressions: 1200, clicks: 31 },
    },
    {
      network: "linkedin",
      request:
        /^\/rest\/memberCreatorPostAnalytics\?q=entity&entity=\(share:urn%3Ali%3Ashare%3A\d+\)&queryType=IMPRESSION&aggregation=TOTAL$/,
      counts: { likes: 11, reposts: 2, replies: 4, impressions: 800 },
      expected: { likes: 11, reposts: 2, replies: 4, quotes: null, impressions: 800, clicks: null },
      day: { likes: 11, comments: 4, shares: 2, impressions: 800, clicks: 0 },
    },
    {
      network: "mastodon",
      request: /^\/api\/v1\/statuses\/\d+$/,
      counts: { likes: 5, reposts: 1, replies: 2 },
      expected: { likes: 5, reposts: 1, replies: 2, quotes: null, impressions: null, clicks: null },
      day: { likes: 5, comments: 2, shares: 1, impressions: 0, clicks: 0 },
    },
    {
      network: "bluesky",
      request: /^\/xrpc\/app\.bsky\.feed\.getPosts\?uris=at%3A%2F%2Fdid%3Aplc%3Afakebrightpath%2Fapp\.bsky\.feed\.post%2F[a-z2-7]{13}$/,
      counts: { likes: 9, reposts: 3, replies: 1, quotes: 1 },
      expected: { likes: 9, reposts: 3, replies: 1, quotes: 1, impressions: null, clicks: null },
      day: { likes: 9, comments: 1, shares: 4, impressions: 0, clicks: 0 },
    },
  ];

  it.each(cases)("$network", async ({ network, request, counts, expected, day }) => {
    const t0 = new Date();
    const post = await postedOn(network, t0);
    fake.counts.set(post.externalId, counts);
    expect(await pullDueFigures(later(t0, HOUR))).toMatchObject({ pulled: 1 });
    expect(fake.countRequests[0]).toMatch(request);
    if (network === "linkedin") expect(fake.countRequests).toHaveLength(4); // one request per metric
    expect(await figuresOf(post.id)).toMatchObject({ ...expected, lastError: null, pulledAt: later(t0, HOUR) });
    const stored = await prisma.channelPostMetric.findFirstOrThrow({ where: { channelPostId: post.id } });
    expect(stored).toMatchObject({ ...day, source: "pull" });
  });

  it("keeps a lifetime count past 2^31 (3,000,000,000) and takes one past Number.MAX_SAFE_INTEGER as not given", async () => {
    const t0 = new Date();
    const post = await postedOn("twitter", t0);
    fake.counts.set(post.externalId, { impressions: 3_000_000_000, likes: 2 ** 53 + 2, replies: -4 });
    expect(await pullDueFigures(later(t0, HOUR))).toMatchObject({ pulled: 1 });
    expect(await figuresOf(post.id)).toMatchObject({ impressions: 3_000_000_000, likes: null, replies: null, lastError: null });
    const stored = await prisma.channelPostMetric.findFirstOrThrow({ where: { channelPostId: post.id } });
    expect(stored).toMatchObject({ impressions: 3_000_000_000, likes: 0, comments: 0 });
    const x = (await channelTotals(lastDays(later(t0, HOUR), 7).current)).find((c) => c.channel === "twitter");
    expect(x?.views).toBe(3_000_000_000);
  });

  it("asks X for up to 100 ids in one request and leaves out a post X no longer shows", async () => {
    const t0 = new Date();
    const first = await postedOn("twitter", t0);
    const item = await prisma.contentItem.create({
      data: { title: "Second", type: "blog", status: "published", publishedAt: t0, authorId: SAMPLE.Writer, body: "B." },
    });
    const second = await prisma.channelPost.create({
      data: {
        contentId: item.id,
        channel: "twitter",
        text: "Another",
        status: "publishing",
        scheduledAt: t0,
        nextAttemptAt: t0,
        createdById: SAMPLE.Writer,
      },
    });
    await deliverDueChannelPosts(t0);
    const gone = (await prisma.channelPost.findUniqueOrThrow({ where: { id: second.id } })).externalId!;
    fake.forget(gone);
    fake.counts.set(first.externalId, { likes: 4 });
    expect(await pullDueFigures(later(t0, HOUR))).toMatchObject({ pulled: 1, gone: 1 });
    expect(fake.countRequests).toHaveLength(1);
    expect(new URL(`http://x${fake.countRequests[0]}`).searchParams.get("ids")?.split(",").sort()).toEqual([first.externalId, gone].sort());
    expect(await figuresOf(second.id)).toMatchObject({ lastError: "X no longer shows this post", likes: null, nextPullAt: later(t0, DAY) });
  });
});

describe("X's link clicks", () => {
  const fieldsAsked = () => fake.countRequests.map((r) => new URL(`http://x${r}`).searchParams.get("tweet.fields"));

  it("are asked for in the post's first 30 days; after that the public counts are, and the last clicks stay", async () => {
    const t0 = new Date();
    const post = await postedOn("twitter", t0);
    fake.counts.set(post.externalId, { likes: 3, clicks: 12 });
    await pullDueFigures(later(t0, 29 * DAY + HOUR));
    expect(await figuresOf(post.id)).toMatchObject({ likes: 3, clicks: 12 });
    fake.counts.set(post.externalId, { likes: 5, clicks: 14 });
    await prisma.channelPostFigures.update({ where: { channelPostId: post.id }, data: { nextPullAt: later(t0, 30 * DAY) } });
    await pullDueFigures(later(t0, 30 * DAY + HOUR));
    expect(fieldsAsked()).toEqual(["public_metrics,non_public_metrics", "public_metrics"]);
    expect(await figuresOf(post.id)).toMatchObject({ likes: 5, clicks: 12, lastError: null });
  });

  it("an app whose plan does not give non-public metrics still gets the public counts", async () => {
    const t0 = new Date();
    const post = await postedOn("twitter", t0);
    fake.counts.set(post.externalId, { likes: 8, clicks: 2 });
    fake.failNext("/2/tweets", { status: 403, body: { title: "Forbidden", detail: "non_public_metrics is not available" } });
    const { calls, pull } = counted();
    expect(await pull(later(t0, HOUR))).toMatchObject({ pulled: 1 });
    const fields = calls.filter((c) => c.includes("/2/tweets?")).map((c) => new URL(c).searchParams.get("tweet.fields"));
    expect(fields).toEqual(["public_metrics,non_public_metrics", "public_metrics"]);
    expect(await figuresOf(post.id)).toMatchObject({ likes: 8, clicks: null, lastError: null });
  });
});

describe("LinkedIn organisation pages", () => {
  it("an organisation post's due pull reads organizationalEntityShareStatistics and records its counts", async () => {
    const t0 = new Date();
    const post = await postedOn("linkedin", t0, LINKEDIN_ORG);
    expect(fake.posts.find((p) => p.id === post.externalId)?.body.author).toBe(LINKEDIN_ORG.accountId);
    fake.counts.set(post.externalId, { likes: 31, reposts: 5, replies: 6, impressions: 2400, clicks: 17 });
    expect(await pullDueFigures(later(t0, HOUR))).toMatchObject({ pulled: 1 });
    expect(fake.countRequests).toEqual([
      `/rest/organizationalEntityShareStatistics?q=organizationalEntity&organizationalEntity=urn%3Ali%3Aorganization%3A2414183&shares=List(${encodeURIComponent(post.externalId)})`,
    ]);
    expect(await figuresOf(post.id)).toMatchObject({
      likes: 31,
      reposts: 5,
      replies: 6,
      quotes: null,
      impressions: 2400,
      clicks: 17,
      lastError: null,
      pulledAt: later(t0, HOUR),
    });
    const stored = await prisma.channelPostMetric.findFirstOrThrow({ where: { channelPostId: post.id } });
    expect(stored).toMatchObject({ likes: 31, comments: 6, shares: 5, impressions: 2400, clicks: 17, source: "pull" });
  });

  it("a member's post still uses memberCreatorPostAnalytics, even with the organisation permissions", async () => {
    const t0 = new Date();
    const post = await postedOn("linkedin", t0, { ...ACCOUNTS.linkedin, scope: LINKEDIN_ORG.scope });
    fake.counts.set(post.externalId, { likes: 3, impressions: 90 });
    expect(await pullDueFigures(later(t0, HOUR))).toMatchObject({ pulled: 1 });
    expect(fake.countRequests).toHaveLength(4);
    for (const request of fake.countRequests) expect(request).toMatch(/^\/rest\/memberCreatorPostAnalytics\?/);
    expect(await figuresOf(post.id)).toMatchObject({ likes: 3, impressions: 90, clicks: null, lastError: null });
  });

  it("asks for at most 20 posts a request, shares and ugcPosts apart; a field LinkedIn leaves out stays null", async () => {
    const token = fake.grant("linkedin", LINKEDIN_ORG.scope);
    const ids = Array.from({ length: 25 }, (_, i) => (i % 5 === 4 ? `urn:li:ugcPost:${7000 + i}` : `urn:li:share:${7000 + i}`));
    ids.forEach((id, i) => fake.counts.set(id, { likes: i, clicks: 2 * i }));
    const counts = await linkedinAdapter.figures!(
      token,
      { id: LINKEDIN_ORG.accountId, handle: "Bright Path Ltd" },
      ids.map((id) => ({ id, ageDays: 1 })),
    );
    expect(fake.countRequests).toHaveLength(2);
    const asked = fake.countRequests.map((r) => new URL(`http://x${r}`).searchParams);
    expect(asked.map((q) => (q.get("shares") ?? "").split(",").length + (q.get("ugcPosts") ?? "").split(",").length)).toEqual([20, 5]);
    expect(asked[0].get("ugcPosts")).toBe(
      `List(${ids
        .filter((id) => id.includes("ugcPost"))
        .slice(0, 4)
        .join(",")})`,
    );
    expect([...counts.keys()].sort()).toEqual([...ids].sort());
    expect(counts.get("urn:li:ugcPost:7024")).toEqual({ likes: 24, replies: 0, reposts: 0, quotes: null, impressions: 0, clicks: 48 });

    const partial: typeof fetch = async () =>
      Response.json({ elements: [{ share: "urn:li:share:1", totalShareStatistics: { likeCount: 2, impressionCount: 40 } }] });
    const one = await withOutbound(partial, () =>
      linkedinAdapter.figures!(token, { id: LINKEDIN_ORG.accountId, handle: "x" }, [{ id: "urn:li:share:1", ageDays: 1 }]),
    );
    expect(one.get("urn:li:share:1")).toEqual({ likes: 2, replies: null, reposts: null, quotes: null, impressions: 40, clicks: null });
  });
});

describe("the schedule", () => {
  it("pulls at 1 h, 24 h, 7 days, then daily to 30 days, and the days add up to the network's totals", async () => {
    const t0 = new Date();
    const post = await postedOn("mastodon", t0);
    expect(await figuresOf(post.id)).toMatchObject({ nextPullAt: later(t0, HOUR), pulledAt: null });

    expect(await pullDueFigures(later(t0, HOUR - 1000))).toMatchObject({ pulled: 0 });
    expect(fake.countRequests).toHaveLength(0);

    fake.counts.set(post.externalId, { likes: 10 });
    await pullDueFigures(later(t0, HOUR));
    expect(await figuresOf(post.id)).toMatchObject({ likes: 10, nextPullAt: later(t0, DAY) });
    // Asked again before the next slot: nothing is pulled twice.
    await pullDueFigures(later(t0, 2 * HOUR));
    expect(fake.countRequests).toHaveLength(1);

    await pullDueFigures(later(t0, DAY));
    expect(await figuresOf(post.id)).toMatchObject({ nextPullAt: later(t0, 7 * DAY) });
    fake.counts.set(post.externalId, { likes: 25 });
    await pullDueFigures(later(t0, 7 * DAY));
    expect(await figuresOf(post.id)).toMatchObject({ likes: 25, nextPullAt: later(t0, 8 * DAY) });
    for (let day = 8; day < 30; day++) {
      await pullDueFigures(later(t0, day * DAY));
      expect((await figuresOf(post.id)).nextPullAt).toEqual(later(t0, (day + 1) * DAY));
    }
    await pullDueFigures(later(t0, 30 * DAY));
    expect(await figuresOf(post.id)).toMatchObject({ nextPullAt: null });
    expect(fake.countRequests).toHaveLength(26);
    await pullDueFigures(later(t0, 40 * DAY));
    expect(fake.countRequests).toHaveLength(26);

    // Each day holds what was new that day; together they are the network's total.
    const days = await prisma.channelPostMetric.findMany({ where: { channelPostId: post.id } });
    expect(days.reduce((sum, d) => sum + d.likes, 0)).toBe(25);
    expect(
      days.find(
        (d) =>
          d.day ===
          later(t0, 7 * DAY)
            .toISOString()
            .slice(0, 10),
      )?.likes,
    ).toBe(15);
  });

  it("after a restart that missed slots, pulls once and goes on from the next slot", async () => {
    const t0 = new Date();
    const post = await postedOn("bluesky", t0);
    await pullDueFigures(later(t0, 12 * DAY + 5 * HOUR));
    expect(fake.countRequests).toHaveLength(1);
    expect(await figuresOf(post.id)).toMatchObject({ nextPullAt: later(t0, 13 * DAY) });
  });

  it("feeds the per-channel analytics", async () => {
    const t0 = new Date();
    const post = await postedOn("twitter", t0);
    fake.counts.set(post.externalId, { likes: 30, reposts: 5, impressions: 900 });
    await pullDueFigures(later(t0, HOUR));
    const x = (await channelTotals(lastDays(later(t0, HOUR), 7).current)).find((c) => c.channel === "twitter");
    expect(x).toMatchObject({ views: 900, shares: 5, engaged: 35 });
  });
});

describe("rate limits and connections", () => {
  it("a rate-limited pull waits for the network's reset and keeps its slot", async () => {
    const t0 = new Date();
    const post = await postedOn("twitter", t0);
    const reset = Math.floor(later(t0, HOUR + 15 * 60_000).getTime() / 1000);
    fake.failNext("/2/tweets", { status: 429, body: { title: "Too Many Requests" }, headers: { "x-rate-limit-reset": String(reset) } });
    const { calls, pull } = counted();
    expect(await pull(later(t0, HOUR))).toMatchObject({ waiting: 1, pulled: 0 });
    expect(await figuresOf(post.id)).toMatchObject({ nextPullAt: new Date(reset * 1000), lastError: expect.stringMatching(/limiting/) });
    // Nothing is asked before the reset.
    await pull(later(t0, HOUR + 10 * 60_000));
    expect(calls).toHaveLength(1);
    fake.counts.set(post.externalId, { likes: 8 });
    expect(await pull(new Date(reset * 1000))).toMatchObject({ pulled: 1 });
    expect(calls).toHaveLength(2);
    expect(await figuresOf(post.id)).toMatchObject({ likes: 8, lastError: null, nextPullAt: later(t0, DAY) });
  });

  it("a refused token marks the channel 'needs reconnecting'; its pulls are skipped to the next slot, not retried", async () => {
    const t0 = new Date();
    const post = await postedOn("mastodon", t0);
    fake.revokeAll();
    const { calls, pull } = counted();
    expect(await pull(later(t0, HOUR))).toMatchObject({ skipped: 1 });
    expect((await prisma.integration.findUniqueOrThrow({ where: idInWorkspace("mastodon") })).reconnectReason).toBeTruthy();
    expect(await figuresOf(post.id)).toMatchObject({ nextPullAt: later(t0, DAY), likes: null });
    expect(calls).toHaveLength(1);
    // Held: the next slot is skipped without asking the network.
    expect(await pull(later(t0, DAY))).toMatchObject({ skipped: 1 });
    expect(calls).toHaveLength(1);
    expect(await figuresOf(post.id)).toMatchObject({
      nextPullAt: later(t0, 7 * DAY),
      lastError: expect.stringMatching(/^Skipped: Mastodon needs reconnecting \(/),
    });
    expect(await pull(later(t0, DAY + HOUR))).toMatchObject({ skipped: 0, pulled: 0 });

    // Connected again: the next slot pulls.
    await connect("mastodon");
    fake.counts.set(post.externalId, { likes: 3 });
    expect(await pullDueFigures(later(t0, 7 * DAY))).toMatchObject({ pulled: 1 });
    expect(await figuresOf(post.id)).toMatchObject({ likes: 3, lastError: null });
  });

  it("a post only marked as posted by hand has no schedule", async () => {
    const item = await prisma.contentItem.create({
      data: { title: "By hand", type: "blog", status: "published", authorId: SAMPLE.Writer, body: "B." },
    });
    const post = await prisma.channelPost.create({
      data: {
        contentId: item.id,
        channel: "twitter",
        text: "Posted by hand",
        status: "publishing",
        nextAttemptAt: new Date(),
        createdById: SAMPLE.Writer,
      },
    });
    await deliverDueChannelPosts(new Date());
    expect((await prisma.channelPost.findUniqueOrThrow({ where: { id: post.id } })).status).toBe("manual");
    expect(await prisma.channelPostFigures.count({ where: { channelPostId: post.id } })).toBe(0);
  });
});

describe("the Channels panel", () => {
  it("says when figures will come, then shows the network's counts with their age", async () => {
    const t0 = new Date();
    const post = await postedOn("bluesky", t0);
    const item = await prisma.contentItem.findUniqueOrThrow({ where: { id: post.contentId } });
    const editor = { id: SAMPLE.Editor, role: "Editor" };
    const before = await channelPanelData(item, editor, later(t0, 60_000));
    expect(before.posts.find((p) => p.id === post.id)?.figures).toEqual({
      line: "Figures arrive about an hour after posting.",
      pulled: false,
      problem: null,
    });
    fake.counts.set(post.externalId, { likes: 42, reposts: 7, replies: 3 });
    await pullDueFigures(later(t0, HOUR));
    const after = await channelPanelData(item, editor, later(t0, 3 * HOUR));
    expect(after.posts.find((p) => p.id === post.id)?.figures).toEqual({
      line: "42 likes · 7 reposts · 3 replies · updated 2 hours ago",
      pulled: true,
      problem: null,
    });
    // The page of its own (and the editor) read the same panel.
    const page = await run(channelsPage, get(`/content/${item.id}/channels`, await cookieFor(SAMPLE.Editor)), { id: item.id });
    expect(JSON.stringify(page.body)).toContain("42 likes · 7 reposts");
  });
});

describe("a refused read", () => {
  it("keeps the network's words and waits for the next slot", async () => {
    const t0 = new Date();
    const post = await postedOn("linkedin", t0);
    fake.failNext("/rest/memberCreatorPostAnalytics", {
      status: 403,
      body: { message: "Not enough permissions to access: memberCreatorPostAnalytics" },
    });
    expect(await pullDueFigures(later(t0, HOUR))).toMatchObject({ skipped: 1 });
    expect(await figuresOf(post.id)).toMatchObject({
      lastError: "LinkedIn refused to give the figures: Not enough permissions to access: memberCreatorPostAnalytics",
      nextPullAt: later(t0, DAY),
    });
  });
});

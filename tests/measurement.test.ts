// Real measurement (decision 021): tracker events, platform metrics and short-link clicks reach the
// analytics rollups; refused requests store nothing.
import { beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db/db.server";
import { createApiToken, revokeApiToken } from "~/models/api-token.server";
import { channelTotals } from "~/models/channel-analytics.server";
import { ORIGIN_RECHECK_MS, isTrackedOrigin, itemNamed, saltOf, pruneRawEvents, forgetWebsitePosts } from "~/models/tracking.server";
import { action as metricsApi } from "~/routes/api.v1.metrics";
import { loader as shortLink } from "~/routes/l.$code";
import { action as websiteAction } from "~/routes/settings_.website/route";
import { collectEvent, collectPixel, resetRateLimits } from "~/services/tracking.server";
import { shortLinkFor } from "~/services/short-links.server";
import { lastDays } from "~/domain/dates";
import { SAMPLE, cookieFor, freshSeed, run, ORIGIN } from "./route-helpers";

const SITE = "https://blog.example";
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36";
const ITEM = "content-026";
const today = () => `${new Date().toISOString().slice(0, 10)}T00:00:00.000Z`;

beforeEach(async () => {
  await freshSeed();
  resetRateLimits();
  forgetWebsitePosts();
  await prisma.trackedSite.create({ data: { origin: SITE, createdById: SAMPLE.Admin } });
});

const itemToday = () => prisma.contentMetric.findUnique({ where: { contentId_date: { contentId: ITEM, date: new Date(today()) } } });
const dailyToday = async () =>
  (await prisma.contentMetricDaily.findMany({ where: { day: today().slice(0, 10) } })).reduce(
    (t, r) => ({
      views: t.views + r.views,
      engagedViews: t.engagedViews + r.engagedViews,
      timeSpentSec: t.timeSpentSec + r.timeSpentSec,
      shares: t.shares + r.shares,
    }),
    { views: 0, engagedViews: 0, timeSpentSec: 0, shares: 0 },
  );
const runningToday = () =>
  prisma.contentMetricRunning.findUnique({ where: { contentId_day: { contentId: ITEM, day: today().slice(0, 10) } } });

const send = (body: object, extra: Partial<Parameters<typeof collectEvent>[0]> = {}) =>
  collectEvent({ origin: SITE, ip: "198.51.100.4", userAgent: BROWSER, doNotTrack: false, body: JSON.stringify(body), ...extra });

describe("the website tracker", () => {
  it("a view and engaged time move the item's metric and every rollup", async () => {
    const [metric, daily, running] = [await itemToday(), await dailyToday(), await runningToday()];
    expect(await send({ k: "v", u: `${SITE}/anything`, c: ITEM, p: "pageview-0001" })).toBe("accepted");
    expect(await send({ k: "e", p: "pageview-0001", s: 4 })).toBe("accepted");
    expect(await send({ k: "e", p: "pageview-0001", s: 40 })).toBe("accepted");
    const after = await itemToday();
    expect(after).toMatchObject({
      views: (metric?.views ?? 0) + 1,
      engagedViews: (metric?.engagedViews ?? 0) + 1,
      timeSpentSec: (metric?.timeSpentSec ?? 0) + 40,
    });
    expect(await dailyToday()).toEqual({
      ...daily,
      views: daily.views + 1,
      engagedViews: daily.engagedViews + 1,
      timeSpentSec: daily.timeSpentSec + 40,
    });
    expect((await runningToday())?.views).toBe((running?.views ?? 0) + 1);
  });

  it("maps a page by its website post's URL, then by the slug, and counts other pages as unassigned", async () => {
    await prisma.channelPost.create({
      data: { contentId: ITEM, channel: "website", externalUrl: `${SITE}/posts/launch/`, createdById: SAMPLE.Admin },
    });
    await prisma.contentItem.update({ where: { id: "content-027" }, data: { slug: "spring-guide" } });
    await send({ k: "v", u: `${SITE}/posts/launch?utm_source=x`, p: "pageview-0002" });
    await send({ k: "v", u: `${SITE}/guides/spring-guide`, p: "pageview-0003" });
    await send({ k: "v", u: `${SITE}/about`, p: "pageview-0004" });
    const events = await prisma.trackEvent.findMany({ orderBy: { id: "asc" }, select: { contentId: true, url: true, utmSource: true } });
    expect(events).toEqual([
      { contentId: ITEM, url: `${SITE}/posts/launch`, utmSource: "x" },
      { contentId: "content-027", url: `${SITE}/guides/spring-guide`, utmSource: "" },
      { contentId: null, url: `${SITE}/about`, utmSource: "" },
    ]);
    expect(await prisma.unassignedPageDaily.findMany()).toEqual([{ day: today().slice(0, 10), url: `${SITE}/about`, views: 1 }]);
  });

  it("stores no address and no browser, only a hash that changes with the day's salt", async () => {
    await send({ k: "v", u: `${SITE}/a`, c: ITEM, p: "pageview-0005" });
    const row = await prisma.trackEvent.findFirstOrThrow();
    const stored = JSON.stringify(row);
    expect(stored).not.toContain("198.51.100.4");
    expect(stored).not.toContain("Chrome");
    expect(row.visitor).toMatch(/^[0-9a-f]{32}$/);
    const monday = await saltOf(new Date("2030-01-07T10:00:00Z"));
    expect(await saltOf(new Date("2030-01-07T23:00:00Z"))).toBe(monday);
    const tuesday = await saltOf(new Date("2030-01-08T01:00:00Z"));
    expect(tuesday).not.toBe(monday);
    expect(await prisma.trackerSalt.findMany({ select: { day: true } })).toEqual([{ day: "2030-01-08" }]);
  });

  it("drops bots and Do Not Track (when the team chose to respect it) without storing anything", async () => {
    const before = await itemToday();
    expect(
      await send({ k: "v", u: `${SITE}/a`, c: ITEM, p: "pageview-0006" }, { userAgent: "Googlebot/2.1 (+http://www.google.com/bot.html)" }),
    ).toBe("dropped");
    expect(await send({ k: "v", u: `${SITE}/a`, c: ITEM, p: "pageview-0007" }, { userAgent: "" })).toBe("dropped");
    await prisma.trackerSettings.create({ data: { respectDoNotTrack: true } });
    expect(await send({ k: "v", u: `${SITE}/a`, c: ITEM, p: "pageview-0008" }, { doNotTrack: true })).toBe("dropped");
    expect(await prisma.trackEvent.count()).toBe(0);
    expect(await itemToday()).toEqual(before);
  });

  it("refuses an unregistered origin, a page on another site, malformed bodies, and a flood from one address", async () => {
    expect(await send({ k: "v", u: `${SITE}/a`, p: "pageview-0009" }, { origin: "https://evil.example" })).toBe("unknown-origin");
    expect(await send({ k: "v", u: `${SITE}/a`, p: "pageview-0009" }, { origin: `${SITE}\u0000` })).toBe("unknown-origin");
    expect(await send({ k: "v", u: "https://other.example/a", p: "pageview-0010" })).toBe("malformed");
    expect(await collectEvent({ origin: SITE, ip: "1.2.3.4", userAgent: BROWSER, doNotTrack: false, body: "{not json" })).toBe("malformed");
    expect(await prisma.trackEvent.count()).toBe(0);
    const outcomes = [];
    for (let i = 0; i < 602; i++) outcomes.push(await send({ k: "e", p: "pageview-none", s: 1 }, { ip: "192.0.2.50" }));
    expect(outcomes.at(-1)).toBe("throttled");
    expect(outcomes.filter((o) => o === "throttled")).toHaveLength(2);
  });

  it("sees a new origin at once and a removed one within ORIGIN_RECHECK_MS", async () => {
    const t = Date.now();
    expect(await isTrackedOrigin("https://new.example", t)).toBe(false);
    const site = await prisma.trackedSite.create({ data: { origin: "https://new.example", createdById: SAMPLE.Admin } });
    expect(await isTrackedOrigin("https://new.example", t + 1)).toBe(true);
    await prisma.trackedSite.delete({ where: { id: site.id } });
    expect(await isTrackedOrigin("https://new.example", t + ORIGIN_RECHECK_MS - 1)).toBe(true); // not asked again yet
    expect(await isTrackedOrigin("https://new.example", t + ORIGIN_RECHECK_MS + 1)).toBe(false);
    expect(await isTrackedOrigin("https://new.example", t + ORIGIN_RECHECK_MS + 2)).toBe(false);
  });

  it("keeps an item found by name for ORIGIN_RECHECK_MS, and asks again for a name not found", async () => {
    const t = Date.now();
    expect(await itemNamed("brand-new-slug", t)).toBeNull();
    const item = await prisma.contentItem.update({ where: { id: ITEM }, data: { slug: "brand-new-slug" } });
    expect(await itemNamed("brand-new-slug", t + 1)).toBe(item.id); // a miss is not kept: the new name counts at once
    await prisma.contentItem.update({ where: { id: ITEM }, data: { slug: "renamed-slug" } });
    expect(await itemNamed("brand-new-slug", t + ORIGIN_RECHECK_MS)).toBe(item.id); // not asked again yet
    expect(await itemNamed("brand-new-slug", t + ORIGIN_RECHECK_MS + 2)).toBeNull();
    expect(await itemNamed("renamed-slug", t + ORIGIN_RECHECK_MS + 2)).toBe(item.id);
  });

  it("the <noscript> pixel counts a view of the page it was on, through every rollup; other sites and bots store nothing", async () => {
    const [metric, daily] = [await itemToday(), await dailyToday()];
    const pixel = (referer: string, userAgent = BROWSER) =>
      collectPixel({ referer, content: ITEM, ip: "198.51.100.9", userAgent, doNotTrack: false });
    expect(await pixel(`${SITE}/no-script-reader`)).toBe("accepted");
    expect((await itemToday())?.views).toBe((metric?.views ?? 0) + 1);
    expect((await dailyToday()).views).toBe(daily.views + 1);
    expect(await pixel("https://evil.example/page")).toBe("unknown-origin");
    expect(await pixel("")).toBe("unknown-origin");
    expect(await pixel(`${SITE}/no-script-reader`, "Googlebot/2.1 (+http://www.google.com/bot.html)")).toBe("dropped");
    expect(
      await collectPixel({
        referer: `${SITE}/no-script-reader`,
        content: "\u0000",
        ip: "198.51.100.9",
        userAgent: BROWSER,
        doNotTrack: false,
      }),
    ).toBe("malformed");
    expect(await prisma.trackEvent.count()).toBe(1);
  });

  it("counts a page load reported twice once", async () => {
    const before = (await itemToday())?.views ?? 0;
    await send({ k: "v", u: `${SITE}/a`, c: ITEM, p: "pageview-0011" });
    await send({ k: "v", u: `${SITE}/a`, c: ITEM, p: "pageview-0011" });
    expect((await itemToday())?.views).toBe(before + 1);
  });

  it("retention deletes old raw events and keeps the daily figures", async () => {
    await send({ k: "v", u: `${SITE}/a`, c: ITEM, p: "pageview-0012" });
    const metric = await itemToday();
    expect(await pruneRawEvents(new Date(Date.now() + 91 * 86_400_000), 90)).toBe(2);
    expect(await prisma.trackEvent.count()).toBe(0);
    expect(await itemToday()).toEqual(metric);
  });
});

async function channelPost(channel = "twitter", externalId: string | null = "tw-100") {
  return prisma.channelPost.create({
    data: {
      contentId: ITEM,
      channel,
      externalId,
      link: "https://blog.example/launch",
      createdById: SAMPLE.Admin,
      // Figures are taken only for a post that went out, from its day on (decision 050).
      status: "published",
      publishedAt: new Date(Date.now() - 2 * 86_400_000),
    },
  });
}

const postMetrics = (token: string, body: unknown) =>
  run(
    metricsApi,
    new Request(`${ORIGIN}/api/v1/metrics`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify(body),
    }),
  );

describe("POST /api/v1/metrics", () => {
  it("stores a day, and the same day again replaces it: shares reach the rollups once", async () => {
    const post = await channelPost();
    const { token } = await createApiToken("scheduler", SAMPLE.Admin);
    const day = today().slice(0, 10);
    const shares = (await itemToday())?.shares ?? 0;
    const daily = await dailyToday();
    expect((await postMetrics(token, { rows: [{ externalId: "tw-100", day, shares: 12, impressions: 900, likes: 30 }] })).status).toBe(200);
    expect((await postMetrics(token, { rows: [{ channelPostId: post.id, day, shares: 15, impressions: 1000, likes: 31 }] })).status).toBe(
      200,
    );
    expect(
      await prisma.channelPostMetric.findMany({ select: { channelPostId: true, day: true, shares: true, impressions: true } }),
    ).toEqual([{ channelPostId: post.id, day, shares: 15, impressions: 1000 }]);
    expect((await itemToday())?.shares).toBe(shares + 15);
    expect((await dailyToday()).shares).toBe(daily.shares + 15);
    const twitter = (await channelTotals(lastDays(new Date(), 7).current)).find((c) => c.channel === "twitter");
    expect(twitter).toEqual({ channel: "twitter", views: 1000, clicks: 0, shares: 15, engaged: 46 });
  });

  it("answers 401 to a wrong or revoked token and stores nothing", async () => {
    await channelPost();
    const { token } = await createApiToken("old", SAMPLE.Admin);
    const row = { externalId: "tw-100", day: today().slice(0, 10), shares: 5 };
    expect((await postMetrics(`${token}x`, { rows: [row] })).status).toBe(401);
    const made = await prisma.apiToken.findFirstOrThrow();
    expect(made.tokenHash).not.toContain(token);
    await revokeApiToken(made.id);
    expect((await postMetrics(token, { rows: [row] })).status).toBe(401);
    expect(await prisma.channelPostMetric.count()).toBe(0);
  });

  it("refuses the whole batch for an unknown post (404) or a bad figure (400), naming the rows", async () => {
    await channelPost();
    const { token } = await createApiToken("t", SAMPLE.Admin);
    const day = today().slice(0, 10);
    const unknown = await postMetrics(token, {
      rows: [
        { externalId: "tw-100", day, shares: 5 },
        { externalId: "nope", day },
      ],
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ ok: false, rows: [{ row: 1, field: "externalId" }] });
    const negative = await postMetrics(token, {
      rows: [
        { externalId: "tw-100", day, shares: 5 },
        { externalId: "tw-100", day, likes: -3 },
      ],
    });
    expect(negative.status).toBe(400);
    expect(negative.body).toMatchObject({ rows: [{ row: 1, field: "likes" }] });
    expect(await prisma.channelPostMetric.count()).toBe(0);
  });
});

describe("short links", () => {
  it("redirect to the UTM'd link and count a click per channel post, bots excluded", async () => {
    const post = await channelPost("linkedin", null);
    const path = await shortLinkFor(post.id, "https://blog.example/launch?ref=1");
    expect(path).toMatch(/^\/l\/[\w-]{6,16}$/);
    const code = path!.slice(3);
    const follow = (userAgent: string) =>
      run(shortLink, new Request(`${ORIGIN}${path}`, { headers: { "User-Agent": userAgent } }), { code });
    const human = await follow(BROWSER);
    expect(human.status).toBe(302);
    // utm_campaign is the item's slug.
    const { slug } = await prisma.contentItem.findUniqueOrThrow({ where: { id: post.contentId }, select: { slug: true } });
    expect(slug).toBeTruthy();
    expect(human.headers.get("Location")).toBe(
      `https://blog.example/launch?ref=1&utm_source=linkedin&utm_medium=social&utm_campaign=${slug}`,
    );
    expect((await follow("Twitterbot/1.0")).status).toBe(302);
    expect(await prisma.shortLinkDaily.findMany({ select: { channelPostId: true, clicks: true } })).toEqual([
      { channelPostId: post.id, clicks: 1 },
    ]);
    expect((await channelTotals(lastDays(new Date(), 7).current)).find((c) => c.channel === "linkedin")?.clicks).toBe(1);
    expect((await run(shortLink, new Request(`${ORIGIN}/l/nosuchcode`), { code: "nosuchcode" })).status).toBe(404);
  });
});

describe("CSV import in Settings › Website", () => {
  const csv = (lines: string[]) => ["post,day,impressions,likes,comments,shares,clicks", ...lines].join("\n");

  async function submit(fields: Record<string, string>, userId: string = SAMPLE.Admin) {
    const body = new FormData();
    for (const [k, v] of Object.entries(fields)) body.append(k, v);
    const request = new Request(`${ORIGIN}/settings/website`, {
      method: "POST",
      body,
      headers: { Origin: ORIGIN, Cookie: await cookieFor(userId) },
    });
    return run(websiteAction, request);
  }

  it("previews good and bad rows without storing, then imports the good ones", async () => {
    const post = await channelPost();
    const day = today().slice(0, 10);
    const text = csv([`tw-100,${day},100,4,1,3,2`, `${post.id},${day},=1+1,0,0,0,0`, `ghost,${day},1,1,1,1,1`]);
    const preview = await submit({ intent: "csv-preview", csv: text });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ ok: true, good: [{ line: 2, post: "tw-100", shares: 3 }], errors: [{ row: 3 }, { row: 4 }] });
    expect(await prisma.channelPostMetric.count()).toBe(0);
    const imported = await submit({ intent: "csv-import", csv: text });
    expect(imported.body).toMatchObject({ ok: true, message: expect.stringMatching(/Imported 1 row/) });
    expect(await prisma.channelPostMetric.findMany({ select: { shares: true, source: true } })).toEqual([{ shares: 3, source: "csv" }]);
  });

  it("refuses a wrong column set beside the file field, and a non-Admin with 403", async () => {
    const wrong = await submit({ intent: "csv-preview", csv: "a,b\n1,2" });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ fieldErrors: { file: expect.stringMatching(/columns must be/) } });
    expect((await submit({ intent: "csv-import", csv: csv([]) }, SAMPLE.Editor)).status).toBe(403);
  });
});

// Every count and total is 64-bit on both engines (issue: 32-bit figures on PostgreSQL, decision 063):
// three posts' 1,000,000,000 a day for one channel make 3,000,000,000, stored and read back through the
// metrics API, the CSV import and the analytics readers; a figure past the limit is refused and stores nothing.
import { beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db/db.server";
import { lastDays } from "~/domain/dates";
import { createApiToken } from "~/models/api-token.server";
import { topItems } from "~/models/analytics.server";
import { forgetWebsitePosts } from "~/models/tracking.server";
import { collectEvent, resetRateLimits } from "~/services/tracking.server";
import { loader as analyticsLoader } from "~/routes/analytics";
import { loader as exportLoader } from "~/routes/analytics.export";
import { action as metricsApi } from "~/routes/api.v1.metrics";
import { action as websiteAction } from "~/routes/settings_.website/route";
import { SAMPLE, ORIGIN, cookieFor, freshSeed, get, run } from "./route-helpers";

const BILLION = 1_000_000_000;
const THREE_BILLION = 3_000_000_000;
const day = () => new Date().toISOString().slice(0, 10);
let token: string;
let posts: string[];

beforeEach(async () => {
  await freshSeed();
  ({ token } = await createApiToken("figures", SAMPLE.Admin));
  posts = [];
  for (let i = 0; i < 3; i++) {
    const published = new Date(Date.now() - 86_400_000);
    const item = await prisma.contentItem.create({
      data: { title: `Viral ${i}`, type: "blog", status: "published", authorId: SAMPLE.Writer, body: "B.", publishedAt: published },
    });
    const post = await prisma.channelPost.create({
      data: {
        contentId: item.id,
        channel: "bluesky",
        status: "published",
        publishedAt: published,
        externalId: `viral-${i}`,
        createdById: SAMPLE.Writer,
      },
    });
    posts.push(post.id);
  }
});

const sendRows = (rows: object[]) =>
  run(
    metricsApi,
    new Request(`${ORIGIN}/api/v1/metrics`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ rows }),
    }),
  );

async function importCsv(lines: string[]) {
  const body = new FormData();
  body.append("intent", "csv-import");
  body.append("csv", ["post,day,impressions,likes,comments,shares,clicks", ...lines].join("\n"));
  const request = new Request(`${ORIGIN}/settings/website`, {
    method: "POST",
    body,
    headers: { Origin: ORIGIN, Cookie: await cookieFor(SAMPLE.Admin) },
  });
  return run(websiteAction, request);
}

/** What the stores, the Analytics screen's loader (as JSON) and the daily CSV export say for the channel and the blog posts today. */
async function shown() {
  const channelDay = await prisma.channelMetricDaily.findUnique({ where: { day_channel: { day: day(), channel: "bluesky" } } });
  const rollup = await prisma.contentMetricDaily.findUnique({ where: { day_type: { day: day(), type: "blog" } } });
  const analyst = await cookieFor(SAMPLE.Analyst);
  const page = await run(analyticsLoader, get("/analytics?range=7", analyst));
  const { view } = JSON.parse(JSON.stringify(page.body)) as { view: { channels: { channel: string; views: number; shares: number }[] } };
  const bluesky = view.channels.find((c) => c.channel === "bluesky");
  const csv = await run(exportLoader, get("/analytics/export?range=7&rows=days", analyst));
  const todayLine = String(csv.body)
    .split("\r\n")
    .find((line) => line.startsWith(day()));
  return {
    stored: channelDay && { impressions: channelDay.impressions, shares: channelDay.shares },
    blogShares: rollup?.shares,
    breakdown: bluesky && { views: bluesky.views, shares: bluesky.shares },
    exportedShares: Number(todayLine?.split(",")[2]),
  };
}

const expected = {
  stored: { impressions: THREE_BILLION, shares: THREE_BILLION },
  blogShares: expect.toSatisfy((n: number) => n >= THREE_BILLION),
  breakdown: { views: THREE_BILLION, shares: THREE_BILLION },
  exportedShares: expect.toSatisfy((n: number) => n >= THREE_BILLION),
};

describe("figures past 2^31", () => {
  it("three rows of 1,000,000,000 through the metrics API make 3,000,000,000 in the stores and the readers", async () => {
    const reply = await sendRows(posts.map((id) => ({ channelPostId: id, day: day(), impressions: BILLION, shares: BILLION })));
    expect(reply.body).toEqual({ ok: true, stored: 3 });
    expect(await shown()).toEqual(expected);
  });

  it("three rows of 1,000,000,000 through the CSV import make 3,000,000,000", async () => {
    const reply = await importCsv(posts.map((id) => `${id},${day()},"1,000,000,000",0,0,1000000000,0`));
    expect(reply.body).toMatchObject({ ok: true, message: expect.stringMatching(/Imported 3 rows/) });
    expect(await shown()).toEqual(expected);
  });

  it("refuses a figure past the limit with the field named, and stores nothing of the batch", async () => {
    for (const [value, message] of [
      [BILLION + 1, /impressions must be at most 1,000,000,000/],
      [Number.MAX_SAFE_INTEGER + 2, /impressions must be at most 1,000,000,000/],
      [-1, /impressions must not be negative/],
    ] as const) {
      const reply = await sendRows([
        { channelPostId: posts[0], day: day(), impressions: BILLION, shares: BILLION },
        { channelPostId: posts[1], day: day(), impressions: value },
      ]);
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({ ok: false, rows: [{ row: 1, field: "impressions", message: expect.stringMatching(message) }] });
    }
    const csv = await importCsv([`${posts[0]},${day()},9007199254740993,0,0,0,0`]);
    // A CSV imports its good rows and lists the others with their line and field (decision 021): here none.
    expect(csv.body).toMatchObject({
      message: expect.stringMatching(/Imported 0 rows; 1 left out/),
      errors: [{ row: 2, field: "impressions", message: expect.stringMatching(/must be at most 1,000,000,000/) }],
    });
    expect(await prisma.channelPostMetric.count({ where: { channelPostId: { in: posts } } })).toBe(0);
    expect(await prisma.channelMetricDaily.findUnique({ where: { day_channel: { day: day(), channel: "bluesky" } } })).toBeNull();
  });
});

describe("a tracked view past 2^31", () => {
  it("counts a view on a day that already holds 2,147,483,647 (the largest 32-bit figure), in the item and its rollups", async () => {
    const SITE = "https://blog.example";
    resetRateLimits();
    forgetWebsitePosts();
    await prisma.trackedSite.create({ data: { origin: SITE, createdById: SAMPLE.Admin } });
    const item = await prisma.contentItem.create({
      data: { title: "Counted", type: "blog", status: "published", authorId: SAMPLE.Writer, body: "B.", publishedAt: new Date() },
    });
    const date = new Date(`${day()}T00:00:00.000Z`);
    const MAX_INT4 = 2_147_483_647;
    await prisma.contentMetric.create({ data: { contentId: item.id, date, views: MAX_INT4, shares: 0, engagedViews: 0, timeSpentSec: 0 } });
    const sent = await collectEvent({
      origin: SITE,
      ip: "198.51.100.4",
      userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36",
      doNotTrack: false,
      body: JSON.stringify({ k: "v", u: `${SITE}/counted`, c: item.id, p: "pageview-past-int4" }),
    });
    expect(sent).toBe("accepted");
    const metric = await prisma.contentMetric.findUniqueOrThrow({ where: { contentId_date: { contentId: item.id, date } } });
    expect(metric.views).toBe(MAX_INT4 + 1);
    expect((await prisma.contentListing.findUniqueOrThrow({ where: { contentId: item.id } })).views).toBe(MAX_INT4 + 1);
    const top = await topItems(lastDays(new Date(), 7).current, 5);
    expect(top[0]).toMatchObject({ id: item.id, views: MAX_INT4 + 1 });
  });
});

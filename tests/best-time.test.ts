// Best Time to Post (Analytics): counts only posts whose first week is over, recommends a slot only
// with MIN_POSTS posts, shows weekdays and hours in the team's zone and recommends per channel.
import { thisWorkspace } from "~/db/workspace-keys.server";
import { beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db/db.server";
import { MIN_POSTS, type BestTime, type ChannelBestTime } from "~/domain/best-time";
import { dayKey, zonedToUtc } from "~/domain/channels/team-time";
import { lastDays } from "~/domain/dates";
import { channelPostEngagement } from "~/models/channel-analytics.server";
import { loader as analytics } from "~/routes/analytics";
import { SAMPLE, cookieFor, freshSeed, get, run } from "./route-helpers";

const TZ = "America/New_York";
const DAY = 86_400_000;

/**
 * `hour`:00 in New York on the calendar day `daysAgo` days back there: multiples of 7 share a weekday
 * even across a change of clocks (24-hour steps back from near midnight did not, after one).
 */
function at(daysAgo: number, hour: number): Date {
  const day = new Date(Date.parse(`${dayKey(new Date(), TZ)}T12:00:00Z`) - daysAgo * DAY).toISOString().slice(0, 10);
  const local = zonedToUtc(`${day}T${String(hour).padStart(2, "0")}:00`, TZ);
  if (!local.ok) throw new Error(local.error);
  return local.at;
}

let n = 0;
async function published(when: Date, channel?: string) {
  const item = await prisma.contentItem.create({
    data: { title: `Timed ${++n}`, type: "blog", status: "published", authorId: SAMPLE.Writer, publishedAt: when },
  });
  if (channel)
    await prisma.channelPost.create({
      data: { contentId: item.id, channel, text: "Out.", status: "published", publishedAt: when, createdById: SAMPLE.Writer },
    });
}

async function view() {
  const page = await run(analytics, get("/analytics?range=90", await cookieFor(SAMPLE.Analyst)));
  expect(page.status).toBe(200);
  return (page.body as { view: { bestTime: BestTime; bestTimeByChannel: ChannelBestTime[] } }).view;
}

beforeEach(async () => {
  await freshSeed();
  // Only this file's posts: the seed's published items and channel posts leave the figures.
  await prisma.$executeRaw`DELETE FROM "ContentPostEngagement"`;
  await prisma.channelPost.updateMany({ where: { status: "published" }, data: { status: "draft" } });
  await prisma.settings.update({ where: thisWorkspace(), data: { timeZone: TZ } });
});

describe("Best Time to Post", () => {
  it("recommends the team-zone slot of posts whose first week is over, not four newer ones", async () => {
    for (const days of [14, 21, 28]) await published(at(days, 9));
    // Four posts two days old, all in one hour: more posts, but their first week is not over.
    for (let i = 0; i < 4; i++) await published(new Date(at(2, 10).getTime() + i * 60_000));
    const { bestTime } = await view();
    expect(bestTime.timeZone).toBe(TZ);
    expect(bestTime.posts).toBe(3);
    expect(bestTime.top).toMatchObject({ hour: 9, posts: 3, reliable: true });
    expect(bestTime.top!.label).toMatch(/^\w+day 09:00–10:00 \(America\/New_York\): 3 posts/);
  });

  it(`recommends nothing from fewer than ${MIN_POSTS} posts in a slot`, async () => {
    for (const days of [14, 21]) await published(at(days, 9));
    const { bestTime } = await view();
    expect(bestTime.top).toBeNull();
    expect(bestTime.slots.find((s) => s.posts === 2)).toMatchObject({ hour: 9, reliable: false });
  });

  it("recommends per channel, each from its own published posts", async () => {
    for (const days of [14, 21, 28]) await published(at(days, 8), "twitter");
    for (const days of [14, 21]) await published(at(days, 12), "linkedin");
    await published(at(3, 8), "twitter"); // still in its first week
    const { bestTimeByChannel } = await view();
    expect(bestTimeByChannel).toEqual([
      { channel: "linkedin", posts: 2, top: null },
      {
        channel: "twitter",
        posts: 3,
        top: expect.objectContaining({ hour: 8, posts: 3, name: expect.stringMatching(/^\w+day 08:00–09:00 \(America\/New_York\)$/) }),
      },
    ]);
  });

  it("counts a channel post's actions over its first week only, per day of it", async () => {
    await published(at(14, 8), "twitter");
    const post = await prisma.channelPost.findFirstOrThrow({ where: { status: "published", channel: "twitter" } });
    const first = post.publishedAt!.toISOString().slice(0, 10);
    const day = (n: number) => new Date(Date.parse(`${first}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
    await prisma.channelPostMetric.createMany({
      data: [
        { channelPostId: post.id, day: day(0), likes: 5, shares: 2 },
        { channelPostId: post.id, day: day(6), clicks: 7 },
        { channelPostId: post.id, day: day(7), likes: 100 },
      ],
    });
    const rows = await channelPostEngagement(lastDays(new Date(), 90).current, new Date(), 7);
    expect(rows.filter((r) => r.channel === "twitter")).toEqual([{ channel: "twitter", publishedAt: post.publishedAt, engagement: 2 }]);
  });
});

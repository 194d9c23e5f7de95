// The scheduler end to end at London's daylight-saving changes (the seed's team zone): a wall time
// the spring-forward skips is refused, one the fall-back repeats is its first occurrence, each post
// goes out at that instant and not a second before, and the calendar shows it on its team-zone day,
// across week and month edges.
import { beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db/db.server";
import { calendarData } from "~/services/channel-calendar.server";
import { deliverDueChannelPosts } from "~/services/channel-delivery.server";
import { createVariants, schedulePost } from "~/services/channel-posts.server";
import { SAMPLE, freshSeed } from "./route-helpers";
import { ON_BRAND } from "./fixtures/on-brand";

const editor = { id: SAMPLE.Editor, role: "Editor", name: "Marcus Rivera" };
// Scores above the seeded threshold (see e2e/schedule.spec.ts).

beforeEach(async () => {
  await freshSeed();
  // No webhooks and no tokens: a due post becomes "Ready to post by hand" (manual), so no receiver is needed.
  await prisma.integration.updateMany({ data: { webhookUrl: null } });
});

async function publishedPosts() {
  const item = await prisma.contentItem.create({
    data: { title: "Clocks change", type: "blog", status: "published", publishedAt: new Date(), authorId: SAMPLE.Editor, body: ON_BRAND },
  });
  await createVariants(item.id, editor);
  const posts = await prisma.channelPost.findMany({ where: { contentId: item.id } });
  return Object.fromEntries(posts.map((p) => [p.channel, p]));
}

const status = (id: string) => prisma.channelPost.findUniqueOrThrow({ where: { id } }).then((p) => p.status);
const at = (iso: string) => new Date(iso);

describe("scheduling across London's clock changes", () => {
  it("refuses 01:30 on spring-forward day (it does not exist) and changes nothing", async () => {
    const { twitter } = await publishedPosts();
    expect(await schedulePost(twitter.id, "2027-03-28T01:30", editor)).toMatchObject({ ok: false, kind: "invalid", field: "scheduledAt" });
    expect(await prisma.channelPost.findUniqueOrThrow({ where: { id: twitter.id } })).toMatchObject({ status: "draft", scheduledAt: null });
  });

  it("sends 02:30 on spring-forward day at 01:30 UTC, and 01:30 on fall-back day at its first occurrence (00:30 UTC)", async () => {
    const { twitter, linkedin } = await publishedPosts();
    expect(await schedulePost(twitter.id, "2027-03-28T02:30", editor)).toMatchObject({ ok: true });
    expect(await schedulePost(linkedin.id, "2027-10-31T01:30", editor)).toMatchObject({ ok: true });
    expect((await prisma.channelPost.findUniqueOrThrow({ where: { id: twitter.id } })).scheduledAt).toEqual(at("2027-03-28T01:30:00Z"));
    expect((await prisma.channelPost.findUniqueOrThrow({ where: { id: linkedin.id } })).scheduledAt).toEqual(at("2027-10-31T00:30:00Z"));

    await deliverDueChannelPosts(at("2027-03-28T01:29:59Z"));
    expect(await status(twitter.id)).toBe("scheduled");
    await deliverDueChannelPosts(at("2027-03-28T01:30:00Z"));
    expect(await status(twitter.id)).toBe("manual");

    await deliverDueChannelPosts(at("2027-10-31T00:29:59Z"));
    expect(await status(linkedin.id)).toBe("scheduled");
    await deliverDueChannelPosts(at("2027-10-31T00:30:00Z"));
    expect(await status(linkedin.id)).toBe("manual");
  });
});

describe("the calendar at the edges", () => {
  const dayOf = async (query: { cal: "month" | "week"; at: string }, id: string) => {
    const data = await calendarData({ cal: query.cal, at: query.at, channel: "all", postStatus: "all", author: "all" });
    return data.days.filter((d) => d.entries.some((e) => e.id === id)).map((d) => d.key);
  };

  it("puts 00:30 on 1 October (23:30 UTC on 30 September) in October, in the month and the week", async () => {
    const { twitter } = await publishedPosts();
    expect(await schedulePost(twitter.id, "2027-10-01T00:30", editor)).toMatchObject({ ok: true });
    expect((await prisma.channelPost.findUniqueOrThrow({ where: { id: twitter.id } })).scheduledAt).toEqual(at("2027-09-30T23:30:00Z"));
    expect(await dayOf({ cal: "month", at: "2027-10" }, twitter.id)).toEqual(["2027-10-01"]);
    expect(await dayOf({ cal: "week", at: "2027-09-30" }, twitter.id)).toEqual(["2027-10-01"]);
  });

  it("bounds the fall-back week (25 hours on its Sunday) at London's midnights, not UTC's", async () => {
    const { linkedin, twitter } = await publishedPosts();
    // Monday 00:30 BST is Sunday 23:30 UTC; Sunday 23:30 GMT is the week's last half hour.
    expect(await schedulePost(linkedin.id, "2027-10-25T00:30", editor)).toMatchObject({ ok: true });
    expect(await schedulePost(twitter.id, "2027-10-31T23:30", editor)).toMatchObject({ ok: true });
    expect(await dayOf({ cal: "week", at: "2027-10-27" }, linkedin.id)).toEqual(["2027-10-25"]);
    expect(await dayOf({ cal: "week", at: "2027-10-20" }, linkedin.id)).toEqual([]);
    expect(await dayOf({ cal: "week", at: "2027-10-27" }, twitter.id)).toEqual(["2027-10-31"]);
    expect(await dayOf({ cal: "week", at: "2027-11-01" }, twitter.id)).toEqual([]);
  });
});

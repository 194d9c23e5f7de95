// The Channels panel's and the calendar's actions refuse bad input beside the field (400), a member
// who may not (403) and a post that cannot change (409), and nothing stored changes.
import { thisWorkspace, idInWorkspace } from "~/db/workspace-keys.server";
import { beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db/db.server";
import { action as channels } from "~/routes/content.$id.channels/route";
import { action as library, loader as libraryPage } from "~/routes/library/route";
import { channelPanelData } from "~/services/channel-panel.server";
import { createVariants } from "~/services/channel-posts.server";
import { databaseDigest } from "./db-snapshot";
import { SAMPLE, cookieFor, freshSeed, get, post, run } from "./route-helpers";
import { ON_BRAND } from "./fixtures/on-brand";

const editor = { id: SAMPLE.Editor, role: "Editor", name: "Marcus Rivera" };
// Scores above the seeded threshold of 85 (see e2e/schedule.spec.ts).

beforeEach(() => freshSeed());

async function itemWithPosts(authorId: string, body = ON_BRAND) {
  const item = await prisma.contentItem.create({ data: { title: "Channel test", type: "blog", status: "draft", authorId, body } });
  await createVariants(item.id, editor);
  const twitter = await prisma.channelPost.findFirstOrThrow({ where: { contentId: item.id, channel: "twitter" } });
  return { item, twitter };
}

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 16);

async function refused(fields: Record<string, string>, userId: string, status: number, field?: string) {
  const cookie = await cookieFor(userId);
  const before = await databaseDigest();
  const outcome = await run(channels, post(`/content/x/channels`, fields, cookie), { id: "x" });
  expect(outcome.status).toBe(status);
  expect(await databaseDigest()).toEqual(before);
  if (field) expect((outcome.body as { fieldErrors: Record<string, string> }).fieldErrors[field]).toBeTruthy();
  return outcome;
}

describe("scheduling a channel post", () => {
  it("schedules in the team's zone and shows in the calendar", async () => {
    const { twitter } = await itemWithPosts(SAMPLE.Writer);
    const cookie = await cookieFor(SAMPLE.Writer);
    const when = tomorrow();
    const outcome = await run(channels, post("/content/x/channels", { intent: "schedule", postId: twitter.id, scheduledAt: when }, cookie));
    expect(outcome.status).toBe(200);
    const saved = await prisma.channelPost.findUniqueOrThrow({ where: { id: twitter.id } });
    expect(saved.status).toBe("scheduled");
    // The seed's team zone is Europe/London.
    const london = new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/London", dateStyle: "short", timeStyle: "short" })
      .format(saved.scheduledAt!)
      .replace(" ", "T");
    expect(london).toBe(when);
    const page = await run(libraryPage, get(`/library?view=calendar&at=${when.slice(0, 7)}`, cookie));
    const days = (page.body as { calendar: { days: { key: string; entries: { id: string }[] }[] } }).calendar.days;
    expect(days.find((d) => d.key === when.slice(0, 10))!.entries.map((e) => e.id)).toContain(twitter.id);
  });

  it("refuses a past time, an invalid date and text over the limit beside the field", async () => {
    const { twitter } = await itemWithPosts(SAMPLE.Writer);
    await refused({ intent: "schedule", postId: twitter.id, scheduledAt: "2020-01-01T09:00" }, SAMPLE.Writer, 400, "scheduledAt");
    await refused({ intent: "schedule", postId: twitter.id, scheduledAt: "2026-02-30T09:00" }, SAMPLE.Writer, 400, "scheduledAt");
    await refused({ intent: "text", postId: twitter.id, text: "a".repeat(281) }, SAMPLE.Writer, 400, "text");
  });

  it("refuses a channel that is no longer connected, and rescheduling a published post (409)", async () => {
    const { item, twitter } = await itemWithPosts(SAMPLE.Writer);
    await prisma.integration.update({ where: idInWorkspace("twitter"), data: { connected: false } });
    await refused({ intent: "schedule", postId: twitter.id, scheduledAt: tomorrow() }, SAMPLE.Editor, 409, "channel");
    await prisma.integration.update({ where: idInWorkspace("twitter"), data: { connected: true } });
    await prisma.channelPost.update({ where: { id: twitter.id }, data: { status: "published", publishedAt: new Date() } });
    await prisma.contentItem.update({ where: { id: item.id }, data: { status: "published" } });
    await refused({ intent: "schedule", postId: twitter.id, scheduledAt: tomorrow() }, SAMPLE.Editor, 409, "scheduledAt");
    const cookie = await cookieFor(SAMPLE.Editor);
    const before = await databaseDigest();
    const moved = await run(
      library,
      post("/library?view=calendar", { intent: "move", postId: twitter.id, day: tomorrow().slice(0, 10) }, cookie),
    );
    expect(moved.status).toBe(409);
    expect(await databaseDigest()).toEqual(before);
  });

  it("refuses a Writer scheduling someone else's item (403) and an Analyst anything", async () => {
    const { twitter } = await itemWithPosts(SAMPLE.Editor);
    await refused({ intent: "schedule", postId: twitter.id, scheduledAt: tomorrow() }, SAMPLE.Writer, 403);
    await refused({ intent: "text", postId: twitter.id, text: "hijacked" }, SAMPLE.Writer, 403);
    await refused({ intent: "create", id: twitter.contentId }, SAMPLE.Analyst, 403);
    await refused({ intent: "retry", postId: twitter.id }, SAMPLE.Writer, 403);
  });

  it("needs the brand-voice threshold, which a Writer cannot override and an Editor can", async () => {
    const { twitter } = await itemWithPosts(SAMPLE.Writer, "bad.");
    const when = tomorrow();
    const below = await refused({ intent: "schedule", postId: twitter.id, scheduledAt: when }, SAMPLE.Writer, 409);
    expect((below.body as { belowThreshold: unknown }).belowThreshold).toMatchObject({ threshold: 85 });
    await refused({ intent: "schedule", postId: twitter.id, scheduledAt: when, override: "true" }, SAMPLE.Writer, 403);
    const cookie = await cookieFor(SAMPLE.Editor);
    const ok = await run(
      channels,
      post("/content/x/channels", { intent: "schedule", postId: twitter.id, scheduledAt: when, override: "true" }, cookie),
    );
    expect(ok.status).toBe(200);
  });

  it("moves a scheduled post to another day at the same wall time", async () => {
    const { twitter } = await itemWithPosts(SAMPLE.Writer);
    const cookie = await cookieFor(SAMPLE.Writer);
    const when = tomorrow();
    await run(channels, post("/content/x/channels", { intent: "schedule", postId: twitter.id, scheduledAt: when }, cookie));
    const later = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    const moved = await run(library, post("/library?view=calendar", { intent: "move", postId: twitter.id, day: later }, cookie));
    expect(moved.status).toBe(200);
    const saved = await prisma.channelPost.findUniqueOrThrow({ where: { id: twitter.id } });
    const london = new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/London", dateStyle: "short", timeStyle: "short" }).format(
      saved.scheduledAt!,
    );
    expect(london).toBe(`${later} ${when.slice(11)}`);
    await refusedMove(twitter.id, "2026-02-30", 400);
  });
});

async function refusedMove(postId: string, day: string, status: number) {
  const cookie = await cookieFor(SAMPLE.Writer);
  const before = await databaseDigest();
  const outcome = await run(library, post("/library?view=calendar", { intent: "move", postId, day }, cookie));
  expect(outcome.status).toBe(status);
  expect(await databaseDigest()).toEqual(before);
}

describe("the channel settings", () => {
  it("saves the team's name, zone, site and UTM switch, and refuses an unknown zone beside the field", async () => {
    const { action: settings } = await import("~/routes/settings/route");
    const cookie = await cookieFor(SAMPLE.Admin);
    const before = await databaseDigest();
    const bad = await run(
      settings,
      post("/settings", { intent: "save", section: "channels", teamName: "N", timeZone: "Mars/Olympus", siteUrl: "" }, cookie),
    );
    expect(bad.status).toBe(400);
    expect((bad.body as { fieldErrors: Record<string, string> }).fieldErrors.timeZone).toMatch(/timezone/);
    expect(await databaseDigest()).toEqual(before);
    const good = await run(
      settings,
      post(
        "/settings",
        { intent: "save", section: "channels", teamName: "Northwind", timeZone: "Asia/Tokyo", siteUrl: "https://nw.test/" },
        cookie,
      ),
    );
    expect(good.status).toBe(200);
    expect(await prisma.settings.findUniqueOrThrow({ where: thisWorkspace() })).toMatchObject({
      teamName: "Northwind",
      timeZone: "Asia/Tokyo",
      siteUrl: "https://nw.test",
      utmTagging: false,
    });
  });
});

describe("creating the channel posts of a social item", () => {
  it("gives each connected network the post itself, cut to its limit, and the website none", async () => {
    const body = `${"Launch week is here and every team gets the new calendar. ".repeat(8)}Join us.`;
    const item = await prisma.contentItem.create({
      data: { title: "Launch teaser", type: "social", status: "draft", authorId: SAMPLE.Writer, body },
    });
    expect(await createVariants(item.id, editor)).toMatchObject({ ok: true, created: 2 });
    const posts = await prisma.channelPost.findMany({ where: { contentId: item.id }, orderBy: { channel: "asc" } });
    expect(posts.map((p) => p.channel)).toEqual(["linkedin", "twitter"]);
    expect(posts[0].text).toBe(body);
    expect(posts[1].text.length).toBeLessThanOrEqual(280);
    expect(body.startsWith(posts[1].text.replace(/…$/, ""))).toBe(true);
    expect(posts.every((p) => p.link === null)).toBe(true);
    // Nothing is left to add: the panel does not offer a website post for a social item.
    expect((await channelPanelData(item, editor)).missing).toEqual([]);
  });
});

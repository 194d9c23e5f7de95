// "Auto-post to connected platforms" means it: publishing an item from the editor writes a post for
// each connected network that has none (as "Create channel posts" writes it) and sends it; with the
// switch off, only the posts members made go out. The same function serves a chain's last approval
// and a scheduled publish.
import { thisWorkspace, idInWorkspace } from "~/db/workspace-keys.server";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db/db.server";
import { measurePost, type Channel } from "~/domain/channels/network-limits";
import { action as editor } from "~/routes/editor/route";
import { deliverDueChannelPosts } from "~/services/channel-delivery.server";
import { postsOnPublish } from "~/services/publish-posts.server";
import { createChain } from "~/models/approval.server";
import { decide } from "~/services/approvals.server";
import { transitionContent } from "~/services/content-lifecycle.server";
import { startWebhookReceiver, type WebhookReceiver } from "./webhook-receiver";
import { SAMPLE, cookieFor, freshSeed, post, run } from "./route-helpers";
import { ON_BRAND } from "./fixtures/on-brand";

let hook: WebhookReceiver;

beforeEach(async () => {
  hook = await startWebhookReceiver({ secret: "s3cret" });
  await freshSeed();
  await prisma.integration.updateMany({ data: { connected: false } });
  for (const id of ["twitter", "linkedin", "mastodon"])
    await prisma.integration.update({
      where: idInWorkspace(id),
      data: { connected: true, handle: `@${id}`, webhookUrl: `${hook.base}/${id}`, webhookSecret: "s3cret" },
    });
  await prisma.settings.update({ where: thisWorkspace(), data: { siteUrl: "https://blog.brightpath.test" } });
});
afterEach(() => hook.close());

const autoPost = (on: boolean) => prisma.settings.update({ where: thisWorkspace(), data: { autoPost: on } });

/** An item in review with one post a member wrote for LinkedIn. */
async function inReview() {
  const item = await prisma.contentItem.create({
    data: {
      title: "Plan a month of posts",
      type: "blog",
      status: "review",
      authorId: SAMPLE.Writer,
      body: ON_BRAND,
      tags: { create: [{ name: "planning", position: 0 }] },
    },
  });
  await prisma.channelPost.create({
    data: { contentId: item.id, channel: "linkedin", text: "Our own words for LinkedIn.", status: "draft", createdById: SAMPLE.Writer },
  });
  return item;
}

async function approveInEditor(id: string) {
  const reply = await run(
    editor,
    post("/editor", { intent: "transition", id, transition: "approve", override: "true" }, await cookieFor(SAMPLE.Editor)),
  );
  expect(reply.status).toBe(200);
  expect((await prisma.contentItem.findUniqueOrThrow({ where: { id } })).status).toBe("published");
}

const postsOf = (contentId: string) =>
  prisma.channelPost.findMany({
    where: { contentId },
    orderBy: { channel: "asc" },
    select: { channel: true, text: true, link: true, status: true, createdById: true },
  });

describe("publishing from the editor", () => {
  it("with auto-post on, writes a post for each connected network without one, within its limit, and sends them all", async () => {
    await autoPost(true);
    const item = await inReview();
    await approveInEditor(item.id);
    const posts = await postsOf(item.id);
    // Mastodon and X get posts written for them, by the Editor who published; the member's LinkedIn post is kept as written; no website post.
    expect(posts.map((p) => [p.channel, p.status])).toEqual([
      ["linkedin", "publishing"],
      ["mastodon", "publishing"],
      ["twitter", "publishing"],
    ]);
    expect(posts.find((p) => p.channel === "linkedin")).toMatchObject({ text: "Our own words for LinkedIn.", createdById: SAMPLE.Writer });
    for (const p of posts.filter((p) => p.channel !== "linkedin")) {
      expect(p).toMatchObject({ createdById: SAMPLE.Editor, link: "https://blog.brightpath.test/plan-a-month-of-posts" });
      expect(p.text).toContain("Plan a month of posts");
      expect(measurePost(p.channel as Channel, p.text, p.link).over).toBe(false);
    }
    await deliverDueChannelPosts();
    expect(hook.received.map((r) => r.path).sort()).toEqual(["/linkedin", "/mastodon", "/twitter"]);
    expect(hook.refused).toEqual([]);
  });

  it("with auto-post off, sends only the post a member made", async () => {
    await autoPost(false);
    const item = await inReview();
    await approveInEditor(item.id);
    expect((await postsOf(item.id)).map((p) => [p.channel, p.status])).toEqual([["linkedin", "publishing"]]);
    await deliverDueChannelPosts();
    expect(hook.received.map((r) => r.path)).toEqual(["/linkedin"]);
  });
});

describe("the one function every publish path calls", () => {
  it("serves a chain's last approval too", async () => {
    await autoPost(true);
    await createChain({
      name: "One look",
      scope: { kind: "all" },
      steps: [{ mode: "any", members: [], roles: ["Editor"] }],
      publishWhenApproved: true,
    });
    const item = await inReview();
    await prisma.contentItem.update({ where: { id: item.id }, data: { status: "draft" } });
    const writer = { id: SAMPLE.Writer, role: "Writer", name: "Priya" };
    expect(await transitionContent(item.id, "submit", writer)).toMatchObject({ ok: true });
    const editor = { id: SAMPLE.Editor, role: "Editor", name: "Marcus" };
    expect(await decide(item.id, editor, { kind: "approve", note: "", quote: "" })).toMatchObject({ state: "approved" });
    expect((await postsOf(item.id)).map((p) => [p.channel, p.status, p.createdById])).toEqual([
      ["linkedin", "publishing", SAMPLE.Writer],
      ["mastodon", "publishing", SAMPLE.Editor],
      ["twitter", "publishing", SAMPLE.Editor],
    ]);
  });

  it("writes the missing network posts once: publishing again adds nothing", async () => {
    await autoPost(true);
    const item = await inReview();
    await prisma.contentItem.update({ where: { id: item.id }, data: { status: "published" } });
    expect((await postsOnPublish(item.id, new Date(), null)).sort()).toEqual(["linkedin", "mastodon", "twitter"]);
    const first = await postsOf(item.id);
    // Nobody published it (a scheduled publish): the posts are the author's.
    expect(first.filter((p) => p.channel !== "linkedin").map((p) => p.createdById)).toEqual([SAMPLE.Writer, SAMPLE.Writer]);
    await postsOnPublish(item.id, new Date(), null);
    expect(await postsOf(item.id)).toEqual(first);
  });
});

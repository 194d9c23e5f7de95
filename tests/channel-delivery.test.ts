// Channel posts from publishing to the receiver: one payload per channel with its own text and the
// UTM link, channels independent, retries with backoff then "failed", Retry, and one delivery per key.
import { idInWorkspace } from "~/db/workspace-keys.server";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { outboundFetch, withOutbound } from "~/adapters/outbound-fetch.server";
import { prisma } from "~/db/db.server";
import { deliverDueChannelPosts } from "~/services/channel-delivery.server";
import { createVariants, retryPost } from "~/services/channel-posts.server";
import { transitionContent } from "~/services/content-lifecycle.server";
import { startWebhookReceiver, type WebhookReceiver } from "./webhook-receiver";
import { SAMPLE, freshSeed } from "./route-helpers";

const editor = { id: SAMPLE.Editor, role: "Editor", name: "Marcus Rivera" };
let hook: WebhookReceiver;
let received: WebhookReceiver["received"];
let failing: Set<string>;
let base: string;

beforeEach(async () => {
  hook = await startWebhookReceiver({ secret: "s3cret" });
  ({ received, failing, base } = hook);
  await freshSeed();
  for (const id of ["twitter", "linkedin", "facebook"])
    await prisma.integration.update({
      where: idInWorkspace(id),
      data: { connected: true, handle: `@${id}`, webhookUrl: `${base}/${id}`, webhookSecret: "s3cret" },
    });
});

afterEach(() => hook.close());

async function plannedItem() {
  const item = await prisma.contentItem.create({
    data: {
      title: "Plan a month of posts",
      type: "blog",
      status: "review",
      authorId: SAMPLE.Writer,
      body: "A calendar turns intentions into posts. It shows gaps early. Teams that plan ship twice as often.",
      tags: { create: [{ name: "planning", position: 0 }] },
    },
  });
  expect(await createVariants(item.id, editor)).toMatchObject({ ok: true, created: 4 });
  return item;
}

describe("publishing an item with channel posts", () => {
  it("sends each webhook channel its own text with the UTM link; the website, with no receiver, waits to be posted by hand", async () => {
    const item = await plannedItem();
    expect(await transitionContent(item.id, "approve", editor, new Date(), { override: true })).toMatchObject({ ok: true });
    const tally = await deliverDueChannelPosts();
    expect(tally).toMatchObject({ sent: 3, manual: 1, failed: 0 });
    expect(received.map((r) => r.path).sort()).toEqual(["/facebook", "/linkedin", "/twitter"]);
    const posts = await prisma.channelPost.findMany({ where: { contentId: item.id } });
    for (const r of received) {
      const post = posts.find((p) => p.channel === r.body.channel)!;
      expect(r.body.text).toBe(post.text);
      expect(r.key).toBe(post.deliveryKey);
      const link = new URL(r.body.link!);
      expect(link.origin + link.pathname).toBe("https://blog.brightpath.test/plan-a-month-of-posts");
      expect(Object.fromEntries(link.searchParams)).toEqual({
        utm_source: r.body.channel,
        utm_medium: "social",
        utm_campaign: "plan-a-month-of-posts",
      });
      expect(r.body.article.markdown).toContain("A calendar turns intentions");
    }
    expect(new Set(received.map((r) => r.body.text)).size).toBe(3);
    // Published only where a receiver took it; nothing took the website's post.
    expect(posts.filter((p) => p.channel !== "website").every((p) => p.status === "published")).toBe(true);
    expect(posts.find((p) => p.channel === "website")).toMatchObject({ status: "manual", publishedAt: null });
    expect(await prisma.publishDelivery.count({ where: { contentId: item.id, channel: "outbox", integrationId: "website" } })).toBe(1);
  });

  it("keeps channels independent: a failing one retries with backoff, then fails with its reason, and Retry sends it once", async () => {
    const item = await plannedItem();
    failing.add("/facebook");
    await transitionContent(item.id, "approve", editor, new Date(), { override: true });
    let now = Date.now();
    expect(await deliverDueChannelPosts(new Date(now))).toMatchObject({ sent: 2, manual: 1, retry: 1 });
    const fb = () => prisma.channelPost.findFirstOrThrow({ where: { contentId: item.id, channel: "facebook" } });
    expect(await fb()).toMatchObject({ status: "publishing", attempts: 1, lastError: "Facebook webhook answered HTTP 500" });
    // Not before its backoff has passed.
    expect(await deliverDueChannelPosts(new Date(now + 1000))).toMatchObject({ sent: 0, retry: 0 });
    for (let i = 0; i < 2; i++) {
      now = (await fb()).nextAttemptAt!.getTime();
      await deliverDueChannelPosts(new Date(now));
    }
    expect(await fb()).toMatchObject({ status: "failed", attempts: 3, lastError: "Facebook webhook answered HTTP 500" });
    expect(received.filter((r) => r.path === "/facebook")).toHaveLength(0);

    failing.clear();
    const post = await fb();
    expect(await retryPost(post.id, editor)).toMatchObject({ ok: true });
    expect(await deliverDueChannelPosts()).toMatchObject({ sent: 1 });
    expect(await deliverDueChannelPosts()).toMatchObject({ sent: 0 });
    expect(received.filter((r) => r.path === "/facebook").map((r) => r.key)).toEqual([post.deliveryKey]);
    expect(received).toHaveLength(3);
  });

  it("holds a scheduled post until its time", async () => {
    const item = await plannedItem();
    const at = new Date(Date.now() + 3_600_000);
    await prisma.channelPost.updateMany({
      where: { contentId: item.id, channel: "twitter" },
      data: { status: "scheduled", scheduledAt: at },
    });
    await transitionContent(item.id, "approve", editor, new Date(), { override: true });
    await deliverDueChannelPosts();
    expect(received.map((r) => r.path).sort()).toEqual(["/facebook", "/linkedin"]);
    await deliverDueChannelPosts(new Date(at.getTime() + 1));
    expect(received.map((r) => r.path).sort()).toEqual(["/facebook", "/linkedin", "/twitter"]);
  });
});

describe("an address checked again at delivery", () => {
  it("fails a webhook that now points inside the studio's network with the reason, sending nothing and not retrying", async () => {
    const item = await plannedItem();
    // Saved while allowed (or while its name pointed outside); delivery checks where it goes now.
    delete process.env.STUDIO_ALLOW_PRIVATE_TARGETS;
    await transitionContent(item.id, "approve", editor, new Date(), { override: true });
    expect(await deliverDueChannelPosts()).toMatchObject({ sent: 0, failed: 3, retry: 0 });
    expect(received).toHaveLength(0);
    const x = await prisma.channelPost.findFirstOrThrow({ where: { contentId: item.id, channel: "twitter" } });
    expect(x).toMatchObject({ status: "failed", attempts: 1 });
    expect(x.lastError).toMatch(/^X webhook: 127\.0\.0\.1 is a private or local address/);
  });
});

describe("claiming", () => {
  it("claims only the posts it sends at once, so none waits behind others while its lease runs out", async () => {
    // Twenty items published, each with its X post due (one post per item and channel).
    const due = new Date(Date.now() - 1000);
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) {
      const item = await prisma.contentItem.create({
        data: { title: `Post ${i}`, type: "blog", status: "published", authorId: SAMPLE.Writer, body: "Twenty." },
      });
      const post = await prisma.channelPost.create({
        data: {
          contentId: item.id,
          channel: "twitter",
          text: `Post ${i}`,
          status: "publishing",
          nextAttemptAt: due,
          createdById: SAMPLE.Editor,
        },
      });
      ids.push(post.id);
    }
    // Every webhook call waits until the test lets it through.
    let open = () => {};
    const gate = new Promise<void>((resolve) => (open = resolve));
    let calls = 0;
    const held: typeof fetch = async (input, init) => {
      calls++;
      await gate;
      return outboundFetch(input, init);
    };
    const pass = withOutbound(held, () => deliverDueChannelPosts(new Date()));
    const claimed = () => prisma.channelPost.count({ where: { id: { in: ids }, leaseUntil: { not: null } } });
    await expect.poll(() => calls).toBe(8);
    expect(await claimed()).toBe(8);
    open();
    expect(await pass).toMatchObject({ sent: 20 });
    expect(received.filter((r) => r.path === "/twitter")).toHaveLength(20);
  });
});

// The Dashboard's "Needs attention": failed final deliveries, missed posts and channels that need
// reconnecting, each linking to where it is fixed, gone once handled.
import { idInWorkspace } from "~/db/workspace-keys.server";
import { beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db/db.server";
import type { AttentionRow } from "~/domain/needs-attention";
import { loader as dashboard } from "~/routes/_index";
import { retryPost } from "~/services/channel-posts.server";
import { SAMPLE, cookieFor, freshSeed, get, run } from "./route-helpers";

beforeEach(() => freshSeed());

async function rows(userId: string = SAMPLE.Writer): Promise<AttentionRow[]> {
  const page = await run(dashboard, get("/", await cookieFor(userId)));
  expect(page.status).toBe(200);
  return (page.body as { attention: AttentionRow[] }).attention;
}

async function itemWithPost(status: string, lastError: string | null) {
  const item = await prisma.contentItem.create({
    data: { title: "Spring launch", type: "blog", status: "published", authorId: SAMPLE.Writer },
  });
  const post = await prisma.channelPost.create({
    data: { contentId: item.id, channel: "twitter", text: "Out soon.", status, lastError, attempts: 3, createdById: SAMPLE.Writer },
  });
  return { item, post };
}

describe("Needs attention on the Dashboard", () => {
  it("is empty on the seeded studio", async () => {
    expect(await rows()).toEqual([]);
  });

  it("lists a failed post with its reason and a link to its Channels page; Retry takes it off", async () => {
    const { item, post } = await itemWithPost("failed", "Failed after 3 attempts: X webhook answered HTTP 500");
    expect(await rows()).toEqual([
      {
        key: `post-${post.id}`,
        kind: "failed",
        title: "X post failed",
        detail: "“Spring launch”: Failed after 3 attempts: X webhook answered HTTP 500",
        href: `/content/${item.id}/channels`,
        fix: "Retry or edit it",
      },
    ]);
    expect(await retryPost(post.id, { id: SAMPLE.Editor, role: "Editor", name: "Marcus" })).toMatchObject({ ok: true });
    expect(await rows()).toEqual([]);
  });

  it("lists a post that missed its time while waiting for approval", async () => {
    const { item } = await itemWithPost("missed", "Missed: waiting for approval (Step 1 of 1)");
    expect(await rows()).toEqual([
      expect.objectContaining({ kind: "missed", title: "X post missed its time", href: `/content/${item.id}/channels` }),
    ]);
  });

  it("lists a channel that needs reconnecting, for every member, until it is connected again", async () => {
    await prisma.integration.update({
      where: idInWorkspace("linkedin"),
      data: { connected: true, reconnectReason: "LinkedIn refused the token (401)." },
    });
    const expected = [
      expect.objectContaining({
        kind: "reconnect",
        title: "LinkedIn needs reconnecting",
        href: "/settings?tab=integrations",
        fix: "Reconnect LinkedIn",
      }),
    ];
    expect(await rows(SAMPLE.Analyst)).toEqual(expected);
    expect(await rows(SAMPLE.Admin)).toEqual(expected);
    await prisma.integration.update({ where: idInWorkspace("linkedin"), data: { reconnectReason: null } });
    expect(await rows()).toEqual([]);
  });
});

// Two delivery passes (two processes or replicas) claiming the same due post at once: each picks its
// lease time on its own, so two can pick the same one. Only the pass whose update took the row may send it.
import { expect, it } from "vitest";
import { prisma } from "~/db/db.server";
import { claimDuePosts } from "~/models/channel-delivery.server";
import { SAMPLE, freshSeed } from "./route-helpers";

it("gives a due post to one of two passes claiming it at once, even when their lease times are equal", async () => {
  await freshSeed();
  const now = new Date();
  const item = await prisma.contentItem.create({
    data: { title: "Claimed once", type: "blog", status: "published", authorId: SAMPLE.Editor, body: "One." },
  });
  const post = await prisma.channelPost.create({
    data: {
      contentId: item.id,
      channel: "twitter",
      text: "Once.",
      status: "publishing",
      nextAttemptAt: new Date(now.getTime() - 1000),
      deliveryKey: `cp_race_${item.id}`,
      createdById: SAMPLE.Editor,
    },
  });
  const token = new Date(now.getTime() + 30_000);
  const passes = await Promise.all([claimDuePosts(now, [], 100, token), claimDuePosts(now, [], 100, token)]);
  const took = passes.map((p) => p.claimed.filter((c) => c.id === post.id).length);
  expect(took.sort()).toEqual([0, 1]);
  expect(await prisma.channelPost.findUniqueOrThrow({ where: { id: post.id } })).toMatchObject({ attempts: 1, leaseUntil: token });
});

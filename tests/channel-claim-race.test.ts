// Two passes (two processes or replicas) claiming the same due post, or the same due figures pull, at
// once: each picks its lease time on its own, so two can pick the same one. Only the pass whose update
// took the row may send it (or pull its figures).
import { expect, it } from "vitest";
import { prisma } from "~/db/db.server";
import { claimDuePosts, nextChannelPostDue } from "~/models/channel-delivery.server";
import { claimDueFigures, nextFiguresDue } from "~/models/post-figures.server";
import { SAMPLE, freshSeed } from "./route-helpers";

async function duePost(now: Date, status: "publishing" | "published") {
  const item = await prisma.contentItem.create({
    data: { title: "Claimed once", type: "blog", status: "published", authorId: SAMPLE.Editor, body: "One." },
  });
  return prisma.channelPost.create({
    data: {
      contentId: item.id,
      channel: "twitter",
      text: "Once.",
      status,
      nextAttemptAt: new Date(now.getTime() - 1000),
      deliveryKey: `cp_race_${item.id}`,
      createdById: SAMPLE.Editor,
    },
  });
}

it("gives a due post to one of two passes claiming it at once, even when their lease times are equal", async () => {
  await freshSeed();
  const now = new Date();
  const post = await duePost(now, "publishing");
  const token = new Date(now.getTime() + 30_000);
  const passes = await Promise.all([claimDuePosts(now, [], 100, token), claimDuePosts(now, [], 100, token)]);
  const took = passes.map((p) => p.filter((c) => c.id === post.id).length);
  expect(took.sort()).toEqual([0, 1]);
  expect(await prisma.channelPost.findUniqueOrThrow({ where: { id: post.id } })).toMatchObject({ attempts: 1, leaseUntil: token });
});

it("gives a due figures pull to one of two passes claiming it at once, even when their lease times are equal", async () => {
  await freshSeed();
  const now = new Date();
  const post = await duePost(now, "published");
  await prisma.channelPostFigures.create({
    data: { channelPostId: post.id, channel: "twitter", nextPullAt: new Date(now.getTime() - 1000) },
  });
  const token = new Date(now.getTime() + 30_000);
  const passes = await Promise.all([claimDueFigures(now, 100, token), claimDueFigures(now, 100, token)]);
  const took = passes.map((p) => p.filter((c) => c.post.id === post.id).length);
  expect(took.sort()).toEqual([0, 1]);
});

it("is looked at again when a claimed post's or pull's lease ends, not at its passed due time", async () => {
  await freshSeed();
  await prisma.channelPost.deleteMany({ where: { status: { in: ["publishing", "scheduled"] } } });
  await prisma.channelPostFigures.deleteMany();
  const now = new Date();
  const post = await duePost(now, "publishing");
  await prisma.channelPostFigures.create({
    data: { channelPostId: post.id, channel: "twitter", nextPullAt: new Date(now.getTime() - 1000) },
  });
  const token = new Date(now.getTime() + 30_000);
  await claimDuePosts(now, [], 100, token);
  await claimDueFigures(now, 100, token);
  expect(await nextChannelPostDue()).toEqual(token);
  expect(await nextFiguresDue()).toEqual(token);
});

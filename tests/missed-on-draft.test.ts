// A post scheduled on an item nobody publishes by its time is never sent and never left reading
// "Scheduled": it is missed, with the reason, the member who scheduled it hears of it, and it shows in
// Needs attention. The card says what the time means while the item is a draft.
import { beforeEach, describe, expect, it } from "vitest";
import { withOutbound } from "~/adapters/outbound-fetch.server";
import { prisma } from "~/db/db.server";
import { MISSED_UNPUBLISHED } from "~/domain/approval-chain";
import { utcToZonedInput } from "~/domain/channels/team-time";
import { attentionRows } from "~/domain/needs-attention";
import { attentionFacts } from "~/models/needs-attention.server";
import { markMissedPosts, nextMissable } from "~/services/approvals.server";
import { channelPanelData } from "~/services/channel-panel.server";
import { createVariants, schedulePost } from "~/services/channel-posts.server";
import { deliverDueChannelPosts } from "~/services/channel-delivery.server";
import { ON_BRAND } from "./fixtures/on-brand";
import { SAMPLE, freshSeed } from "./route-helpers";

const marcus = { id: SAMPLE.Editor, role: "Editor", name: "Marcus Rivera" };
const NOW = new Date();
const at = (min: number) => new Date(NOW.getTime() + min * 60_000);

beforeEach(async () => {
  await freshSeed(NOW);
  await prisma.approvalChain.deleteMany();
});

async function scheduledOnDraft() {
  const item = await prisma.contentItem.create({
    data: { title: "Launch week thread", type: "social", status: "draft", authorId: SAMPLE.Writer, body: ON_BRAND },
  });
  await createVariants(item.id, marcus);
  const first = await prisma.channelPost.findFirstOrThrow({ where: { contentId: item.id } });
  const when = utcToZonedInput(at(10), "Europe/London");
  expect(await schedulePost(first.id, when, marcus, { now: NOW })).toMatchObject({ ok: true });
  return { item, postId: first.id };
}

const cardOf = async (item: { id: string; title: string; type: string; status: string; authorId: string }, id: string, now: Date) =>
  (await channelPanelData(item, marcus, now)).posts.find((p) => p.id === id)!;

describe("a post scheduled on a draft", () => {
  it("says on its card that it goes only if the item is published by then", async () => {
    const { item, postId } = await scheduledOnDraft();
    const card = await cardOf(item, postId, NOW);
    expect(card.status).toBe("scheduled");
    expect(card.scheduleNote).toMatch(/^The item is not published yet\. This post goes at .+ only if the item is published by then/);
  });

  it("is missed when its time passes unpublished, tells whoever scheduled it and shows in Needs attention", async () => {
    const { item, postId } = await scheduledOnDraft();
    expect(await nextMissable(NOW)).toEqual(
      await prisma.channelPost.findUniqueOrThrow({ where: { id: postId } }).then((p) => p.scheduledAt),
    );
    await markMissedPosts(at(9));
    expect((await prisma.channelPost.findUniqueOrThrow({ where: { id: postId } })).status).toBe("scheduled");
    await markMissedPosts(at(11));
    await withOutbound(
      async () => new Response("{}"),
      () => deliverDueChannelPosts(at(11)),
    );
    expect(await prisma.channelPost.findUniqueOrThrow({ where: { id: postId } })).toMatchObject({
      status: "missed",
      lastError: MISSED_UNPUBLISHED,
      attempts: 0,
    });
    const card = await cardOf(item, postId, at(11));
    expect(card).toMatchObject({ status: "missed", lastError: MISSED_UNPUBLISHED, scheduleNote: null });
    const notes = await prisma.notification.findMany({ where: { userId: marcus.id, contentId: item.id } });
    expect(notes.map((n) => n.message)).toContainEqual(expect.stringContaining(`${MISSED_UNPUBLISHED}: the`));
    expect(attentionRows(await attentionFacts())).toContainEqual(
      expect.objectContaining({ kind: "missed", detail: `“Launch week thread”: ${MISSED_UNPUBLISHED}` }),
    );
  });
});

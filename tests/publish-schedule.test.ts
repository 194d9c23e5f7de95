import { thisWorkspace } from "~/db/workspace-keys.server";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db/db.server";
import { nextSlotStart, slotOf } from "~/domain/best-time";
import { addDays } from "~/domain/dates";
import { transitionContent } from "~/services/content-lifecycle.server";
import { getSchedule, nextScheduledAt, publishDue, schedulePublish, schedulingOffer } from "~/models/publish-schedule.server";
import { action as editorAction, loader as editorLoader } from "~/routes/editor/route";
import { SAMPLE, cookieFor, freshSeed, get, post, run } from "./route-helpers";
import { ON_BRAND } from "./fixtures/on-brand";

const NOW = new Date();
const editor = { id: SAMPLE.Editor, role: "Editor", name: "Marcus Rivera" };
let itemId: string;

beforeAll(async () => {
  await freshSeed(NOW);
});

beforeEach(async () => {
  await prisma.settings.update({ where: thisWorkspace(), data: { scheduleOptimalTiming: true } });
  const item = await prisma.contentItem.create({
    data: { title: "Waiting for its slot", type: "blog", status: "review", body: ON_BRAND, authorId: SAMPLE.Writer },
  });
  itemId = item.id;
});

describe("Schedule posts for optimal timing", () => {
  it("offers the last 90 days' best slot, and nothing when the setting is off", async () => {
    const offer = await schedulingOffer(NOW);
    expect(offer.enabled).toBe(true);
    expect(offer.slot?.posts).toBeGreaterThanOrEqual(3);
    expect(offer.slot!.publishAt.getTime()).toBeGreaterThan(NOW.getTime());
    expect(offer.slot!.publishAt.getTime() - NOW.getTime()).toBeLessThanOrEqual(7 * 86_400_000);
    await prisma.settings.update({ where: thisWorkspace(), data: { scheduleOptimalTiming: false } });
    expect(await schedulingOffer(NOW)).toEqual({ enabled: false, slot: null });
    expect(await schedulePublish(itemId, editor, NOW)).toMatchObject({ ok: false, kind: "conflict" });
  });

  it("refuses to schedule text below the Content Generation Threshold, scheduling nothing", async () => {
    await prisma.contentItem.update({ where: { id: itemId }, data: { body: "Stuff." } });
    const result = await schedulePublish(itemId, editor, NOW);
    expect(result).toMatchObject({
      ok: false,
      kind: "conflict",
      error: expect.stringMatching(/below the Content Generation Threshold of 85.*use Publish to override/),
    });
    expect(await getSchedule(itemId)).toBeNull();
    expect(await prisma.activityEvent.count({ where: { contentId: itemId, type: "schedule" } })).toBe(0);
  });

  it("keeps a scheduled item in review until its slot, then publishes it dated at the slot", async () => {
    const result = await schedulePublish(itemId, editor, NOW);
    if (!result.ok) throw new Error(result.error);
    const offer = await schedulingOffer(NOW);
    expect(result.publishAt).toEqual(offer.slot!.publishAt);
    expect(result.publishAt).toEqual(nextSlotStart(NOW, slotOf(result.publishAt)));
    expect((await prisma.contentItem.findUniqueOrThrow({ where: { id: itemId } })).status).toBe("review");
    expect(await getSchedule(itemId)).toEqual({ publishAt: result.publishAt, slot: result.slot });
    const logged = await prisma.activityEvent.findFirst({ where: { contentId: itemId, type: "schedule" } });
    expect(logged?.action).toMatch(/^scheduled for \d{4}-\d{2}-\d{2} \d{2}:00 UTC$/);

    expect(await publishDue(new Date(result.publishAt.getTime() - 1000))).toBe(0);
    expect(await publishDue(addDays(result.publishAt, 0))).toBe(1);
    const item = await prisma.contentItem.findUniqueOrThrow({ where: { id: itemId } });
    expect([item.status, item.publishedAt?.toISOString()]).toEqual(["published", result.publishAt.toISOString()]);
    expect(await getSchedule(itemId)).toBeNull();
    expect(await prisma.activityEvent.count({ where: { contentId: itemId, type: "publish" } })).toBe(1);
    expect(await publishDue(addDays(result.publishAt, 1))).toBe(0);
  });

  it("leaves a schedule another pass holds until its lease ends, then publishes it once", async () => {
    await prisma.publishSchedule.deleteMany();
    const publishAt = new Date(NOW.getTime() - 60_000);
    const leaseUntil = new Date(NOW.getTime() + 30_000);
    // A replica claimed it and died before publishing.
    await prisma.publishSchedule.create({
      data: { contentId: itemId, publishAt, slot: "Mon 09:00", scheduledById: editor.id, leaseOwner: "dead", leaseUntil },
    });
    expect(await publishDue(NOW)).toBe(0);
    expect(await nextScheduledAt()).toEqual(leaseUntil);
    expect(await publishDue(new Date(leaseUntil.getTime() + 1))).toBe(1);
    expect((await prisma.contentItem.findUniqueOrThrow({ where: { id: itemId } })).status).toBe("published");
    expect(await prisma.activityEvent.count({ where: { contentId: itemId, type: "publish" } })).toBe(1);
  });

  it("drops the schedule when the item leaves review, so a resubmission is not published unapproved", async () => {
    const result = await schedulePublish(itemId, editor, NOW);
    expect(result.ok).toBe(true);
    expect((await transitionContent(itemId, "requestChanges", editor, NOW)).ok).toBe(true);
    expect(await getSchedule(itemId)).toBeNull();
    await prisma.contentItem.update({ where: { id: itemId }, data: { status: "review" } });
    expect(await publishDue(addDays(NOW, 8))).toBe(0);
    expect((await prisma.contentItem.findUniqueOrThrow({ where: { id: itemId } })).status).toBe("review");
  });

  it("through the editor: approvers schedule and cancel; Writers are refused; drafts cannot be scheduled", async () => {
    const marcus = await cookieFor(SAMPLE.Editor);
    const scheduled = await run(editorAction, post("/editor", { intent: "schedule", id: itemId }, marcus));
    expect(scheduled).toMatchObject({ status: 200, body: { ok: true } });
    expect(await getSchedule(itemId)).not.toBeNull();
    const cancelled = await run(editorAction, post("/editor", { intent: "unschedule", id: itemId }, marcus));
    expect(cancelled.status).toBe(200);
    expect(await getSchedule(itemId)).toBeNull();
    const writer = await run(editorAction, post("/editor", { intent: "schedule", id: itemId }, await cookieFor(SAMPLE.Writer)));
    expect(writer).toMatchObject({
      status: 403,
      body: { formError: "As a Writer, you cannot publish content: only an Editor or Admin can." },
    });
    // The Writer is not offered what would be refused: no Schedule control on the item.
    const page = await run(editorLoader, get(`/editor?id=${itemId}`, await cookieFor(SAMPLE.Writer)));
    expect(page.body).toMatchObject({ scheduleOffer: null });
    expect((page.body as { transitions: string[] }).transitions).not.toContain("approve");
    const draft = await prisma.contentItem.create({ data: { title: "Still a draft", type: "blog", authorId: SAMPLE.Writer } });
    expect((await run(editorAction, post("/editor", { intent: "schedule", id: draft.id }, marcus))).status).toBe(409);
  });
});

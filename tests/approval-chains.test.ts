import { thisWorkspace } from "~/db/workspace-keys.server";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { withOutbound } from "~/adapters/outbound-fetch.server";
import { prisma } from "~/db/db.server";
import { createChain, listChains } from "~/models/approval.server";
import {
  approvalPanel,
  chainLabels,
  chainStanding,
  decide,
  markMissedPosts,
  nextReminderAt,
  remindApprovers,
} from "~/services/approvals.server";
import { transitionContent } from "~/services/content-lifecycle.server";
import { deliverDueChannelPosts, queueChannelPosts } from "~/services/channel-delivery.server";
import { getSchedule, publishDue } from "~/models/publish-schedule.server";
import { action as editorAction, loader as editorLoader } from "~/routes/editor/route";
import { loader as libraryLoader } from "~/routes/library/route";
import * as settingsApprovals from "~/routes/settings_.approvals/route";
import { ON_BRAND } from "./fixtures/on-brand";
import { SAMPLE, cookieFor, freshSeed, get, post, run } from "./route-helpers";

// Two steps: 1. any Editor, 2. all of Emma (Legal) and Lena (Brand), both Writers by role.
const writer = { id: SAMPLE.Writer, role: "Writer", name: "Priya" };
const editor = { id: SAMPLE.Editor, role: "Editor", name: "Marcus" };
const legal = { id: "user-emma", role: "Writer", name: "Emma Wilson" };
const brand = { id: "user-lena", role: "Writer", name: "Lena Fischer" };
const NOW = new Date();
const later = (min: number) => new Date(NOW.getTime() + min * 60_000);
let itemId: string;

beforeAll(async () => {
  await freshSeed(NOW);
  // The chain's own posts only: auto-post (tests/auto-post.test.ts) would add one per connected network to each item it publishes.
  await prisma.settings.update({ where: thisWorkspace(), data: { autoPost: false } });
});

beforeEach(async () => {
  // Each test's item alone: the calendar shows a day's first posts only.
  await prisma.contentItem.deleteMany({ where: { title: "Chained" } });
  await prisma.approvalChain.deleteMany();
  await createChain({
    name: "Legal sign-off",
    scope: { kind: "type", type: "blog" },
    steps: [
      { mode: "any", members: [], roles: ["Editor"] },
      {
        mode: "all",
        members: [
          { id: legal.id, name: legal.name },
          { id: brand.id, name: brand.name },
        ],
        roles: [],
      },
    ],
    publishWhenApproved: true,
  });
  const item = await prisma.contentItem.create({
    data: { title: "Chained", type: "blog", status: "draft", body: ON_BRAND, authorId: writer.id },
  });
  itemId = item.id;
  await prisma.channelPost.create({
    data: {
      contentId: itemId,
      channel: "twitter",
      text: "Out at its time",
      status: "scheduled",
      scheduledAt: later(60),
      createdById: writer.id,
    },
  });
});

async function approveEveryStep() {
  await decide(itemId, editor, { kind: "approve", note: "", quote: "" }, later(1));
  await decide(itemId, legal, { kind: "approve", note: "", quote: "" }, later(2));
  return decide(itemId, brand, { kind: "approve", note: "", quote: "" }, later(3));
}

const notes = (userId: string) => prisma.notification.findMany({ where: { userId, contentId: itemId }, select: { message: true } });

describe("an item in an approval chain", () => {
  it("submitting starts the chain and tells only the first step's approvers", async () => {
    expect(await transitionContent(itemId, "submit", writer, later(0))).toMatchObject({ ok: true, status: "review" });
    const standing = await chainStanding(itemId);
    expect(standing?.progress).toMatchObject({ state: "waiting", step: 0, label: "Step 1 of 2: waiting for any Editor" });
    expect((await notes(editor.id)).map((n) => n.message)).toEqual([expect.stringContaining("needs your approval (Step 1 of 2")]);
    expect(await notes(legal.id)).toEqual([]);
  });

  it("goes step by step; the last approval publishes and the scheduled post goes out at its time, not before", async () => {
    await transitionContent(itemId, "submit", writer, later(0));
    expect(await decide(itemId, legal, { kind: "approve", note: "", quote: "" }, later(1))).toMatchObject({ ok: false, kind: "forbidden" });
    expect(await decide(itemId, editor, { kind: "approve", note: "", quote: "" }, later(1))).toMatchObject({
      ok: true,
      label: "Step 2 of 2: waiting for Emma Wilson and Lena Fischer",
    });
    expect((await notes(legal.id)).length).toBe(1);
    expect(await decide(itemId, legal, { kind: "approve", note: "", quote: "" }, later(2))).toMatchObject({ state: "waiting" });
    expect(await prisma.contentItem.findUniqueOrThrow({ where: { id: itemId } })).toMatchObject({ status: "review" });
    expect(await decide(itemId, brand, { kind: "approve", note: "", quote: "" }, later(3))).toMatchObject({ state: "approved" });
    expect(await prisma.contentItem.findUniqueOrThrow({ where: { id: itemId } })).toMatchObject({ status: "published" });
    // The audit log has each approval and the publish, under the approver who gave the last one.
    const log = await prisma.auditEntry.findMany({
      where: { objectId: itemId },
      orderBy: { at: "asc" },
      select: { action: true, actorName: true },
    });
    expect(log.filter((r) => r.action !== "content.submitted")).toEqual([
      { action: "content.approved", actorName: editor.name },
      { action: "content.approved", actorName: legal.name },
      { action: "content.approved", actorName: brand.name },
      { action: "content.published", actorName: brand.name },
    ]);
    const tweet = () => prisma.channelPost.findFirstOrThrow({ where: { contentId: itemId, channel: "twitter" } });
    expect((await tweet()).status).toBe("scheduled");
    await markMissedPosts(later(61));
    await withOutbound(
      async () => new Response("{}"),
      () => deliverDueChannelPosts(later(59)),
    );
    expect((await tweet()).status).toBe("scheduled");
    await withOutbound(
      async () => new Response("{}"),
      () => deliverDueChannelPosts(later(61)),
    );
    expect(["publishing", "published", "manual"]).toContain((await tweet()).status);
  });

  it("below the brand-voice threshold the last approval does not publish; an Editor then publishes with the override", async () => {
    await prisma.contentItem.update({ where: { id: itemId }, data: { body: "Stuff." } });
    await transitionContent(itemId, "submit", writer, later(0));
    await decide(itemId, editor, { kind: "approve", note: "", quote: "" }, later(1));
    await decide(itemId, legal, { kind: "approve", note: "", quote: "" }, later(2));
    expect(await decide(itemId, brand, { kind: "approve", note: "", quote: "" }, later(3))).toMatchObject({
      state: "approved",
      label: expect.stringContaining("below the threshold"),
    });
    expect(await prisma.contentItem.findUniqueOrThrow({ where: { id: itemId } })).toMatchObject({ status: "review" });
    expect(await transitionContent(itemId, "approve", editor, later(4))).toMatchObject({ ok: false, belowThreshold: expect.any(Object) });
    expect(await transitionContent(itemId, "approve", editor, later(4), { override: true })).toMatchObject({
      ok: true,
      status: "published",
    });
  });

  it("nobody approves their own work, and the one-step Approve & publish is refused while the chain runs", async () => {
    await prisma.contentItem.update({ where: { id: itemId }, data: { authorId: editor.id } });
    await transitionContent(itemId, "submit", editor, later(0));
    expect(await decide(itemId, editor, { kind: "approve", note: "", quote: "" }, later(1))).toMatchObject({
      ok: false,
      kind: "forbidden",
    });
    expect(await transitionContent(itemId, "approve", { ...editor, id: "user-james" }, later(1))).toMatchObject({
      ok: false,
      kind: "conflict",
      error: expect.stringContaining("Step 1 of 2"),
    });
  });

  it("a request for changes sends it back to the writer with the note beside the passage", async () => {
    await transitionContent(itemId, "submit", writer, later(0));
    const passage = ON_BRAND.split(" ").slice(0, 4).join(" ");
    expect(await decide(itemId, editor, { kind: "changes", note: "Cite the survey", quote: passage }, later(1))).toMatchObject({
      ok: true,
      state: "changes_requested",
    });
    expect(await prisma.contentItem.findUniqueOrThrow({ where: { id: itemId } })).toMatchObject({ status: "draft" });
    expect(await prisma.comment.findFirst({ where: { contentId: itemId } })).toMatchObject({
      body: "Changes requested: Cite the survey",
      quote: passage,
    });
    expect((await notes(writer.id)).map((n) => n.message)).toContainEqual(expect.stringContaining("Cite the survey"));
  });

  it("an edit after a step approved sends it back to that step; a schedule-only change does not", async () => {
    await transitionContent(itemId, "submit", writer, later(0));
    await decide(itemId, editor, { kind: "approve", note: "", quote: "" }, later(1));
    await prisma.channelPost.updateMany({ where: { contentId: itemId }, data: { scheduledAt: later(90) } });
    expect((await chainStanding(itemId))?.progress).toMatchObject({ step: 1 });
    await prisma.contentItem.update({ where: { id: itemId }, data: { body: `${ON_BRAND} One more line.` } });
    const standing = await chainStanding(itemId);
    expect(standing?.progress).toMatchObject({ step: 0 });
    expect(standing?.changedSince).toBe(true);
  });

  it("an unapproved post whose time comes is missed, not sent, and the requester hears of it", async () => {
    await transitionContent(itemId, "submit", writer, later(0));
    const mine = () => prisma.channelPost.findFirstOrThrow({ where: { contentId: itemId } });
    await markMissedPosts(later(59));
    expect((await mine()).status).toBe("scheduled");
    expect(await markMissedPosts(later(60))).toBeGreaterThanOrEqual(1);
    expect(await prisma.channelPost.findFirstOrThrow({ where: { contentId: itemId } })).toMatchObject({
      status: "missed",
      lastError: "Missed: waiting for approval",
    });
    expect((await notes(writer.id)).map((n) => n.message)).toContainEqual(expect.stringContaining("Missed: waiting for approval"));
  });

  it("without a chain, a post whose time passes unpublished is missed as such, and the one-step review still approves and publishes", async () => {
    await prisma.approvalChain.deleteMany();
    await transitionContent(itemId, "submit", writer, later(0));
    expect(await chainStanding(itemId)).toBeNull();
    await markMissedPosts(later(59));
    expect((await prisma.channelPost.findFirstOrThrow({ where: { contentId: itemId } })).status).toBe("scheduled");
    await markMissedPosts(later(61));
    expect(await prisma.channelPost.findFirstOrThrow({ where: { contentId: itemId } })).toMatchObject({
      status: "missed",
      lastError: "Missed: the item was not published by then",
    });
    expect(await transitionContent(itemId, "approve", editor, later(1))).toMatchObject({ ok: true, status: "published" });
  });

  it("a chain that keeps it approved: the item goes out with its first scheduled post, and each post at its time", async () => {
    await prisma.approvalChain.updateMany({ data: { publishWhenApproved: false } });
    await transitionContent(itemId, "submit", writer, later(0));
    await approveEveryStep();
    expect(await prisma.contentItem.findUniqueOrThrow({ where: { id: itemId } })).toMatchObject({ status: "review" });
    expect(await getSchedule(itemId)).toMatchObject({ publishAt: later(60), slot: "its first scheduled post" });
    expect((await notes(writer.id)).map((n) => n.message)).toContainEqual(
      expect.stringContaining("published with its first scheduled post"),
    );
    // Not before its time: nothing is published, nothing sent, nothing missed.
    const pass = async (at: Date) => {
      await publishDue(at, (id) => queueChannelPosts(id, at));
      await markMissedPosts(at);
      await withOutbound(
        async () => new Response("{}"),
        () => deliverDueChannelPosts(at),
      );
    };
    await pass(later(59));
    expect(await prisma.contentItem.findUniqueOrThrow({ where: { id: itemId } })).toMatchObject({ status: "review" });
    expect((await prisma.channelPost.findFirstOrThrow({ where: { contentId: itemId } })).status).toBe("scheduled");
    await pass(later(61));
    expect(await prisma.contentItem.findUniqueOrThrow({ where: { id: itemId } })).toMatchObject({ status: "published" });
    expect(["publishing", "published", "manual"]).toContain(
      (await prisma.channelPost.findFirstOrThrow({ where: { contentId: itemId } })).status,
    );
  });

  it("a post moved earlier brings its approved item's publish forward; it is never missed", async () => {
    await prisma.approvalChain.updateMany({ data: { publishWhenApproved: false } });
    await transitionContent(itemId, "submit", writer, later(0));
    await approveEveryStep();
    await prisma.channelPost.updateMany({ where: { contentId: itemId }, data: { scheduledAt: later(20) } });
    expect(await markMissedPosts(later(21))).toBe(0);
    expect(await getSchedule(itemId)).toMatchObject({ publishAt: later(20) });
    expect(await publishDue(later(21))).toBe(1);
  });

  it("a chain that keeps it approved, on an item without scheduled posts: it waits for an Editor to publish", async () => {
    await prisma.approvalChain.updateMany({ data: { publishWhenApproved: false } });
    await prisma.channelPost.deleteMany({ where: { contentId: itemId } });
    await transitionContent(itemId, "submit", writer, later(0));
    expect(await approveEveryStep()).toMatchObject({ state: "approved", label: expect.stringContaining("waiting for an Editor or Admin") });
    expect(await getSchedule(itemId)).toBeNull();
    expect(await prisma.contentItem.findUniqueOrThrow({ where: { id: itemId } })).toMatchObject({ status: "review" });
    expect(await transitionContent(itemId, "approve", editor, later(5))).toMatchObject({ ok: true, status: "published" });
  });

  it("the editor's decide form: 403 for a member not on the step, 200 for the step's approver", async () => {
    await transitionContent(itemId, "submit", writer, later(0));
    const send = async (userId: string) =>
      run(editorAction, post("/editor", { intent: "decide", id: itemId, decision: "approve" }, await cookieFor(userId)));
    expect((await send(legal.id)).status).toBe(403);
    expect((await send(editor.id)).status).toBe(200);
    expect((await chainStanding(itemId))?.progress).toMatchObject({ step: 1 });
  });
});

describe("Settings › Approvals", () => {
  const add = async (userId: string, fields: Record<string, string | string[]>) =>
    run(settingsApprovals.action, post("/settings/approvals", { intent: "add-chain", ...fields }, await cookieFor(userId)));

  it("an Admin adds a two-step chain with a plain form; an Editor may not", async () => {
    await prisma.approvalChain.deleteMany();
    const fields = {
      name: "Brand and legal",
      scope: "channel:linkedin",
      step1Mode: "any",
      step1: "role:Editor",
      step2Mode: "all",
      step2: [`member:${legal.id}`, `member:${brand.id}`],
    };
    expect((await add(editor.id, fields)).status).toBe(403);
    expect((await add(SAMPLE.Admin, fields)).status).toBe(200);
    const [chain] = await listChains();
    expect(chain).toMatchObject({ name: "Brand and legal", scope: { kind: "channel", channel: "linkedin" } });
    expect(chain.steps).toEqual([
      { mode: "any", members: [], roles: ["Editor"] },
      {
        mode: "all",
        members: [
          { id: legal.id, name: legal.name },
          { id: brand.id, name: brand.name },
        ],
        roles: [],
      },
    ]);
  });

  it("'No approval needed' is a chain without steps; bad input is a 400 beside the field", async () => {
    expect((await add(SAMPLE.Admin, { name: "Tweets free", scope: "channel:twitter", noApproval: "on" })).status).toBe(200);
    const late = await add(SAMPLE.Admin, { name: "Late", scope: "all", step1: "role:Editor", reminderHours: "-1" });
    expect(late.body).toMatchObject({ fieldErrors: { reminderHours: expect.stringContaining("0 (never)") } });
    const none = await add(SAMPLE.Admin, { name: "", scope: "all" });
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ fieldErrors: { name: expect.any(String), steps: expect.stringContaining("step 1") } });
    const kept = await add(SAMPLE.Admin, { name: "Kept", scope: "type:blog", step2: "role:Editor", noApproval: "on" });
    expect(kept.body).toMatchObject({
      values: { name: "Kept", scope: "type:blog", picked: expect.arrayContaining(["step2=role:Editor"]) },
    });
    const stranger = await add(SAMPLE.Admin, { name: "X", scope: "all", step1: "member:nobody" });
    expect(stranger.body).toMatchObject({ fieldErrors: { steps: expect.stringContaining("not on the team") } });
  });

  it("a chain keeps an item approved unless the Admin chose 'Publish it then'", async () => {
    await prisma.approvalChain.deleteMany();
    await add(SAMPLE.Admin, { name: "Waits", scope: "type:blog", step1: "role:Editor" });
    await add(SAMPLE.Admin, { name: "Publishes", scope: "type:social", step1: "role:Editor", onApproval: "publish" });
    expect((await listChains()).map((c) => [c.name, c.publishWhenApproved])).toEqual([
      ["Waits", false],
      ["Publishes", true],
    ]);
    const odd = await add(SAMPLE.Admin, { name: "Odd", scope: "all", step1: "role:Editor", onApproval: "later" });
    expect(odd.status).toBe(400);
    expect(odd.body).toMatchObject({ fieldErrors: { onApproval: expect.any(String) } });
  });

  it("an Admin changes a chain with the same plain form; items already in it keep their steps; an Editor may not", async () => {
    const [chain] = await listChains();
    await transitionContent(itemId, "submit", writer, later(0));
    const edit = async (userId: string, fields: Record<string, string | string[]>) =>
      run(settingsApprovals.action, post("/settings/approvals", { intent: "edit-chain", ...fields }, await cookieFor(userId)));
    const fields = { chainId: chain.id, name: "Editors only", scope: "type:blog", step1: "role:Editor", onApproval: "publish" };
    expect((await edit(editor.id, fields)).status).toBe(403);
    const bad = await edit(SAMPLE.Admin, { ...fields, name: "" });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ intent: "edit-chain", values: { scope: "type:blog" } });
    expect((await listChains())[0].name).toBe("Legal sign-off");
    expect((await edit(SAMPLE.Admin, { ...fields, chainId: "gone" })).status).toBe(404);
    expect((await edit(SAMPLE.Admin, fields)).status).toBe(200);
    const [changed] = await listChains();
    expect(changed).toMatchObject({ id: chain.id, name: "Editors only", publishWhenApproved: true, steps: [{ roles: ["Editor"] }] });
    expect((await chainStanding(itemId))?.progress).toMatchObject({ label: "Step 1 of 2: waiting for any Editor" });
    expect(await prisma.auditEntry.findFirst({ where: { action: "approval.chain-changed", objectId: chain.id } })).not.toBeNull();
    // The page opens the chain in the form, as saved.
    const page = await run(settingsApprovals.loader, get(`/settings/approvals?edit=${chain.id}`, await cookieFor(SAMPLE.Admin)));
    expect(page.body).toMatchObject({ editing: { id: chain.id, name: "Editors only" }, editMissing: false });
  });
});

describe("where an item stands, on screen", () => {
  it("the library and the editor say 'Step 1 of 2: waiting for any Editor'; the one-step buttons give way to the step", async () => {
    await transitionContent(itemId, "submit", writer, later(0));
    const lib = await run(libraryLoader, get("/library?q=Chained", await cookieFor(editor.id)));
    const items = (lib.body as { items: { id: string; chain: string | null }[] }).items;
    expect(items.find((i) => i.id === itemId)?.chain).toBe("Step 1 of 2: waiting for any Editor");
    const ed = await run(editorLoader, get(`/editor?id=${itemId}`, await cookieFor(editor.id)));
    expect(ed.body).toMatchObject({ approval: { label: "Step 1 of 2: waiting for any Editor", canDecide: true } });
    expect((ed.body as { transitions: string[] }).transitions).not.toContain("approve");
    // The calendar, on the day of its scheduled X post.
    const at = later(60).toISOString().slice(0, 10);
    const cal = await run(libraryLoader, get(`/library?view=calendar&cal=week&at=${at}`, await cookieFor(editor.id)));
    const entries = (
      cal.body as { calendar: { days: { entries: { contentId: string; chain: string | null }[] }[] } }
    ).calendar.days.flatMap((d) => d.entries);
    expect(entries.find((e) => e.contentId === itemId)?.chain).toBe("Step 1 of 2: waiting for any Editor");
  });
});

describe("an item that leaves review", () => {
  it("is in no chain until submitted again: no label, no decisions", async () => {
    await transitionContent(itemId, "submit", writer, later(0));
    await transitionContent(itemId, "archive", editor, later(1));
    expect((await chainLabels([itemId])).size).toBe(0);
    expect(await approvalPanel(itemId, editor)).toBeNull();
    expect(await decide(itemId, editor, { kind: "approve", note: "", quote: "" }, later(2))).toMatchObject({ ok: false, kind: "conflict" });
  });
});

describe("reminders", () => {
  it("go to the step's approvers who have not acted, after the chain's delay, once per delay", async () => {
    await prisma.approvalChain.updateMany({ data: { reminderHours: 24 } });
    await transitionContent(itemId, "submit", writer, later(0));
    await decide(itemId, editor, { kind: "approve", note: "", quote: "" }, later(1));
    await decide(itemId, legal, { kind: "approve", note: "", quote: "" }, later(2));
    const reminded = async () => (await notes(brand.id)).filter((n) => n.message.startsWith("Reminder")).length;
    const hours = (h: number) => later(2 + h * 60);
    await remindApprovers(hours(23.9));
    expect(await reminded()).toBe(0);
    // The scheduler wakes for it (other items' reminders may come sooner).
    expect((await nextReminderAt())!.getTime()).toBeLessThanOrEqual(hours(24).getTime());
    await remindApprovers(hours(24));
    expect(await reminded()).toBe(1);
    expect((await notes(legal.id)).filter((n) => n.message.startsWith("Reminder"))).toEqual([]);
    await remindApprovers(hours(30));
    expect(await reminded()).toBe(1);
    await remindApprovers(hours(48));
    expect(await reminded()).toBe(2);
  });

  it("never come when the Admin set 0 hours", async () => {
    await prisma.approvalChain.updateMany({ data: { reminderHours: 0 } });
    await transitionContent(itemId, "submit", writer, later(0));
    await remindApprovers(later(60 * 24 * 30));
    expect((await notes(editor.id)).filter((n) => n.message.startsWith("Reminder"))).toEqual([]);
  });
});

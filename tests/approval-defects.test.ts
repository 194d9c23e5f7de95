// Issue 52: the six approval defects, each held by a test that failed before its fix. The chain is the
// issue's own: Marcus (Editor), then an external reviewer through a review link; Priya writes.
import { thisWorkspace, idInWorkspace } from "~/db/workspace-keys.server";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db/db.server";
import { createChain } from "~/models/approval.server";
import { getSchedule, publishDue } from "~/models/publish-schedule.server";
import { approvalPanel, chainApproves, chainLabels, decide, markMissedPosts } from "~/services/approvals.server";
import { transitionContent } from "~/services/content-lifecycle.server";
import { externalReview, resolveToken, reviewView, sendReviewLink } from "~/services/review-links.server";
import { action as editorAction } from "~/routes/editor/route";
import { loader as auditLoader } from "~/routes/settings_.audit/route";
import { loader as auditCsv } from "~/routes/settings_.audit[.csv]";
import { ON_BRAND } from "./fixtures/on-brand";
import { SAMPLE, cookieFor, freshSeed, get, post, run } from "./route-helpers";

const writer = { id: SAMPLE.Writer, role: "Writer", name: "Priya Patel" };
const marcus = { id: SAMPLE.Editor, role: "Editor", name: "Marcus Rivera" };
const NOW = new Date();
const later = (min: number) => new Date(NOW.getTime() + min * 60_000);
/** Scores below the seeded threshold of 85: the last approval leaves it for an Editor's override. */
const BELOW = "Stuff we made. It is good.";
let itemId: string;

beforeAll(async () => {
  await freshSeed(NOW);
});

beforeEach(async () => {
  await prisma.approvalChain.deleteMany();
  await prisma.settings.update({ where: thisWorkspace(), data: { autoPost: false } });
  await createChain({
    name: "Marcus then the client",
    scope: { kind: "type", type: "blog" },
    steps: [
      { mode: "any", members: [{ id: marcus.id, name: marcus.name }], roles: [] },
      { mode: "any", members: [], roles: ["External"] },
    ],
    publishWhenApproved: true,
  });
  itemId = (
    await prisma.contentItem.create({
      data: { title: "For the client", type: "blog", status: "draft", body: BELOW, authorId: writer.id },
    })
  ).id;
});

async function clientLink() {
  const sent = await sendReviewLink(itemId, marcus, 7, later(0));
  if (!sent.ok) throw new Error("no link");
  const resolved = await resolveToken(sent.token);
  if (resolved.state !== "active") throw new Error("link not active");
  return resolved.link;
}

/** Priya submits, Marcus approves, the client approves through the link: the walk up to the edit. */
async function approvedByBoth() {
  const link = await clientLink();
  expect(await transitionContent(itemId, "submit", writer, later(1))).toMatchObject({ ok: true });
  expect(await decide(itemId, marcus, { kind: "approve", note: "", quote: "" }, later(2))).toMatchObject({ ok: true, state: "waiting" });
  const client = await externalReview(link, { name: "Cleo Client", decision: "approve", note: "" }, later(3));
  return { link, client };
}

const publishWithOverride = async (userId: string) =>
  run(
    editorAction,
    post("/editor", { intent: "transition", id: itemId, transition: "approve", override: "true" }, await cookieFor(userId)),
  );
const status = async () => (await prisma.contentItem.findUniqueOrThrow({ where: { id: itemId } })).status;

describe("1 · an approval a chain requires is never skipped", () => {
  it("after Marcus edits the approved text, the panel asks again and Override and publish is refused", async () => {
    await approvedByBoth();
    expect(await status()).toBe("review");
    expect(await approvalPanel(itemId, marcus)).toMatchObject({ label: "Approved by every step", changedSince: false });
    await prisma.contentItem.update({ where: { id: itemId }, data: { body: `${BELOW} Marcus adds a line.` } });
    const panel = await approvalPanel(itemId, marcus);
    expect(panel).toMatchObject({
      state: "in_review",
      label: "Step 1 of 2: waiting for Marcus Rivera",
      changedSince: true,
      canDecide: true,
    });
    expect((await chainLabels([itemId])).get(itemId)).toBe("Step 1 of 2: waiting for Marcus Rivera");
    const refused = await publishWithOverride(marcus.id);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ formError: expect.stringContaining("approves again") });
    expect(await status()).toBe("review");
    // Marcus approves the new text: the client's approval of the old one still does not count.
    await decide(itemId, marcus, { kind: "approve", note: "", quote: "" }, later(5));
    expect(await approvalPanel(itemId, marcus)).toMatchObject({
      label: "Step 2 of 2: waiting for an external reviewer",
      changedSince: true,
    });
    expect((await publishWithOverride(marcus.id)).status).toBe(409);
  });

  it("a channel post added after the last approval withholds it too", async () => {
    await approvedByBoth();
    await prisma.channelPost.create({ data: { contentId: itemId, channel: "twitter", text: "Added after", createdById: marcus.id } });
    expect((await approvalPanel(itemId, marcus))?.label).toBe("Step 1 of 2: waiting for Marcus Rivera");
    expect((await publishWithOverride(marcus.id)).status).toBe(409);
    expect(await status()).toBe("review");
  });

  it("an approval its scheduled publish was waiting on, undone by a change: it does not go out at its time", async () => {
    await prisma.approvalChain.updateMany({ data: { publishWhenApproved: false } });
    await prisma.contentItem.update({ where: { id: itemId }, data: { body: ON_BRAND } });
    await prisma.channelPost.create({
      data: {
        contentId: itemId,
        channel: "twitter",
        text: "At its time",
        status: "scheduled",
        scheduledAt: later(60),
        createdById: writer.id,
      },
    });
    await approvedByBoth();
    expect(await getSchedule(itemId)).toMatchObject({ publishAt: later(60) });
    await prisma.contentItem.update({ where: { id: itemId }, data: { body: `${ON_BRAND} Changed.` } });
    expect(await publishDue(later(61), undefined, chainApproves)).toBe(0);
    expect(await status()).toBe("review");
    expect(await getSchedule(itemId)).toBeNull();
    await markMissedPosts(later(61));
    expect(await prisma.channelPost.findFirstOrThrow({ where: { contentId: itemId } })).toMatchObject({ status: "missed" });
  });

  it("an Admin publishes without approval only as a named act with a reason, in the panel, the activity and the audit log", async () => {
    await transitionContent(itemId, "submit", writer, later(1));
    const bypass = async (userId: string, reason: string) =>
      run(editorAction, post("/editor", { intent: "publishUnapproved", id: itemId, reason }, await cookieFor(userId)));
    expect((await approvalPanel(itemId, { id: SAMPLE.Admin, role: "Admin" }))?.canPublishUnapproved).toBe(true);
    expect((await approvalPanel(itemId, marcus))?.canPublishUnapproved).toBe(false);
    expect((await bypass(marcus.id, "Launch is now")).status).toBe(403);
    const empty = await bypass(SAMPLE.Admin, "  ");
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ fieldErrors: { reason: expect.stringContaining("Say why") } });
    expect(await status()).toBe("review");
    expect((await bypass(SAMPLE.Admin, "The launch cannot wait for the client")).status).toBe(200);
    expect(await status()).toBe("published");
    const panel = await approvalPanel(itemId, marcus);
    expect(panel).toMatchObject({ label: "Published without approval" });
    expect(panel?.decisions).toContainEqual(
      expect.objectContaining({ kind: "published_unapproved", who: "Sarah Chen", note: "The launch cannot wait for the client" }),
    );
    const audit = await prisma.auditEntry.findFirstOrThrow({ where: { objectId: itemId, action: "content.published-without-approval" } });
    expect(JSON.parse(audit.after!)).toMatchObject({ reason: "The launch cannot wait for the client" });
    const activity = await prisma.activityEvent.findFirstOrThrow({ where: { contentId: itemId, type: "publish" } });
    expect(activity.action).toContain("published without approval");
    // Sent again, the item has moved on: refused, nothing recorded twice.
    expect((await bypass(SAMPLE.Admin, "Again")).status).toBe(409);
  });
});

describe("2 · publishing is audited as Published", () => {
  it("Publish and its brand-voice override each write their entry; What = Published and the CSV show it", async () => {
    await prisma.approvalChain.deleteMany();
    await transitionContent(itemId, "submit", writer, later(1));
    expect((await publishWithOverride(marcus.id)).status).toBe(200);
    const rows = await prisma.auditEntry.findMany({
      where: { objectId: itemId, action: { not: "content.submitted" } },
      orderBy: { at: "asc" },
    });
    expect(rows.map((r) => [r.action, r.actorName])).toEqual([
      ["content.voice-override", marcus.name],
      ["content.published", marcus.name],
    ]);
    const admin = await cookieFor(SAMPLE.Admin);
    const list = await run(auditLoader, get("/settings/audit?action=content.published&object=For%20the%20client", admin));
    expect(list.body).toMatchObject({ total: 1, rows: [expect.objectContaining({ action: "content.published", actorName: marcus.name })] });
    const csv = await run(auditCsv, get("/settings/audit.csv?action=content.published&object=For%20the%20client", admin));
    expect(String(csv.body).trim().split("\n")).toEqual([expect.stringContaining("when (UTC)"), expect.stringContaining("Published")]);
    const override = await run(auditLoader, get("/settings/audit?action=content.voice-override&object=For%20the%20client", admin));
    expect(override.body).toMatchObject({ total: 1 });
  });
});

describe("4 · the reviewer sees only what they are asked to approve", () => {
  it("the client's last approval below the threshold thanks them without the team's score", async () => {
    const { client } = await approvedByBoth();
    expect(client).toMatchObject({ ok: true, message: "Thank you: your approval was recorded (Approved)." });
    if (!client.ok) return;
    expect(client.message).not.toMatch(/score|threshold|brand-voice|override/i);
  });
});

describe("5 · a reviewer is told of a change only when what they were shown changed", () => {
  it("the posts publishing writes after the client's last approval are no change; an edit is", async () => {
    await prisma.settings.update({ where: thisWorkspace(), data: { autoPost: true } });
    await prisma.integration.update({ where: idInWorkspace("linkedin"), data: { connected: true, handle: "@studio" } });
    await prisma.contentItem.update({ where: { id: itemId }, data: { body: ON_BRAND } });
    const { link } = await approvedByBoth();
    expect(await status()).toBe("published");
    expect(await prisma.channelPost.count({ where: { contentId: itemId } })).toBeGreaterThan(0);
    const view = await reviewView(link);
    expect(view).toMatchObject({ changed: false, standing: "Approved", posts: [] });
    await prisma.contentItem.update({ where: { id: itemId }, data: { body: `${ON_BRAND} Edited after.` } });
    expect(await reviewView(link)).toMatchObject({ changed: true });
  });
});

describe("6 · the approval panel shows every round", () => {
  it("after a resubmit, the earlier request for changes is still listed", async () => {
    await transitionContent(itemId, "submit", writer, later(1));
    await decide(itemId, marcus, { kind: "changes", note: "Name the survey", quote: "" }, later(2));
    await prisma.contentItem.update({ where: { id: itemId }, data: { body: ON_BRAND } });
    await transitionContent(itemId, "submit", writer, later(3));
    const panel = await approvalPanel(itemId, marcus);
    expect(panel?.label).toBe("Step 1 of 2: waiting for Marcus Rivera");
    expect(panel?.decisions).toEqual([
      expect.objectContaining({ who: marcus.name, kind: "changes", note: "Name the survey", earlierRound: true }),
    ]);
  });
});

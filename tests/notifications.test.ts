import { beforeEach, describe, expect, it } from "vitest";
import { loader as root } from "~/root";
import { prisma } from "~/db/db.server";
import { NOTIFICATION_EVENTS, type NotificationEvent } from "~/domain/notifications";
import { countUnreadNotifications, notify } from "~/models/notification.server";
import { action as editor } from "~/routes/editor/route";
import { action as notifications } from "~/routes/notifications";
import { action as settings } from "~/routes/settings/route";
import { SAMPLE, cookieFor, freshSeed, get, post, run } from "./route-helpers";

beforeEach(() => freshSeed());

/** A sample item written by the member (looked up, not guessed). */
async function itemBy(authorId: string) {
  const item = await prisma.contentItem.findFirst({ where: { authorId }, select: { id: true, title: true }, orderBy: { id: "asc" } });
  if (!item) throw new Error(`${authorId} wrote no sample content`);
  return item;
}

/** Who received notifications with this message. */
async function recipientsOf(message: string) {
  const rows = await prisma.notification.findMany({ where: { message }, select: { userId: true } });
  return rows.map((r) => r.userId).sort();
}

/** Saves the notifications section of settings with only these events ticked. */
async function chooseEvents(userId: string, events: NotificationEvent[]) {
  const outcome = await run(
    settings,
    post("/settings", { intent: "save", section: "notifications", notify: events }, await cookieFor(userId)),
  );
  expect(outcome.status).toBe(200);
}

const reviewers = async () =>
  (await prisma.membership.findMany({ where: { status: "active", role: { in: ["Editor", "Admin"] } }, select: { userId: true } })).map(
    (m) => m.userId,
  );

describe("notify()", () => {
  it("tells the content's author of a comment, and nobody else", async () => {
    const item = await itemBy(SAMPLE.Writer);
    const sent = await notify("comment", { actorId: SAMPLE.Editor, contentId: item.id, message: "comment-1" });
    expect(sent).toBe(1);
    expect(await recipientsOf("comment-1")).toEqual([SAMPLE.Writer]);
  });

  it("does not tell authors of their own comments", async () => {
    const item = await itemBy(SAMPLE.Writer);
    expect(await notify("comment", { actorId: SAMPLE.Writer, contentId: item.id, message: "comment-2" })).toBe(0);
    expect(await recipientsOf("comment-2")).toEqual([]);
  });

  it("tells every active Editor and Admin of a review request, except the one who asked", async () => {
    const all = await reviewers();
    expect(all).toEqual(expect.arrayContaining([SAMPLE.Admin, SAMPLE.Editor]));

    await notify("review_requested", { actorId: SAMPLE.Editor, contentId: "content-sample", message: "review-1" });

    expect(await recipientsOf("review-1")).toEqual(all.filter((id) => id !== SAMPLE.Editor).sort());
  });

  it("leaves out reviewers who were removed", async () => {
    const leaving = (await reviewers()).find((id) => id !== SAMPLE.Admin && id !== SAMPLE.Editor)!;
    await prisma.user.update({ where: { id: leaving }, data: { status: "removed" } });

    await notify("review_requested", { actorId: SAMPLE.Writer, contentId: "content-sample", message: "review-2" });

    const got = await recipientsOf("review-2");
    expect(got).toContain(SAMPLE.Admin);
    expect(got).not.toContain(leaving);
    expect(got).not.toContain(SAMPLE.Writer);
    expect(got).not.toContain(SAMPLE.Analyst);
  });

  it("skips a member who turned the event off in settings, and only that event", async () => {
    const item = await itemBy(SAMPLE.Writer);
    await chooseEvents(
      SAMPLE.Writer,
      NOTIFICATION_EVENTS.filter((e) => e !== "comment"),
    );
    expect(
      await prisma.notificationPreference.findUnique({ where: { userId_event: { userId: SAMPLE.Writer, event: "comment" } } }),
    ).toMatchObject({
      enabled: false,
    });

    expect(await notify("comment", { actorId: SAMPLE.Editor, contentId: item.id, message: "muted" })).toBe(0);
    expect(await recipientsOf("muted")).toEqual([]);
    expect(await notify("approved", { actorId: SAMPLE.Editor, contentId: item.id, message: "still-on" })).toBe(1);
    expect(await recipientsOf("still-on")).toEqual([SAMPLE.Writer]);
  });

  it("skips a reviewer who turned review requests off", async () => {
    await chooseEvents(SAMPLE.Admin, []);
    await notify("review_requested", { actorId: SAMPLE.Writer, contentId: "content-sample", message: "review-3" });
    const got = await recipientsOf("review-3");
    expect(got).toContain(SAMPLE.Editor);
    expect(got).not.toContain(SAMPLE.Admin);
  });
});

describe("commenting in the editor", () => {
  it("creates a notification for the author", async () => {
    const item = await itemBy(SAMPLE.Writer);
    const before = await countUnreadNotifications(SAMPLE.Writer);

    const outcome = await run(
      editor,
      post("/editor", { intent: "comment", id: item.id, comment: "Tighten the intro." }, await cookieFor(SAMPLE.Editor)),
    );

    expect(outcome.status).toBe(200);
    expect(await countUnreadNotifications(SAMPLE.Writer)).toBe(before + 1);
    const latest = await prisma.notification.findFirst({ where: { userId: SAMPLE.Writer }, orderBy: { createdAt: "desc" } });
    expect(latest).toMatchObject({ event: "comment", contentId: item.id, readAt: null });
    expect(latest?.message).toContain("Marcus Rivera");
    expect(latest?.message).toContain(item.title);
    expect(await prisma.notification.count({ where: { userId: SAMPLE.Editor, contentId: item.id, event: "comment" } })).toBe(0);
  });
});

describe("reading notifications", () => {
  it("intent=read marks the member's notifications read, and nobody else's", async () => {
    const item = await itemBy(SAMPLE.Writer);
    await notify("comment", { actorId: SAMPLE.Editor, contentId: item.id, message: "unread-1" });
    await notify("published", { actorId: SAMPLE.Editor, contentId: item.id, message: "unread-2" });
    const adminUnread = await countUnreadNotifications(SAMPLE.Admin);
    expect(adminUnread).toBeGreaterThan(0);

    const outcome = await run(notifications, post("/notifications", { intent: "read" }, await cookieFor(SAMPLE.Writer)));

    expect(outcome.status).toBe(200);
    expect(outcome.body).toMatchObject({ marked: 2 });
    expect(await countUnreadNotifications(SAMPLE.Writer)).toBe(0);
    expect(await countUnreadNotifications(SAMPLE.Admin)).toBe(adminUnread);
  });

  it("refuses an unknown intent and marks nothing", async () => {
    const unread = await countUnreadNotifications(SAMPLE.Admin);
    const outcome = await run(notifications, post("/notifications", { intent: "delete" }, await cookieFor(SAMPLE.Admin)));
    expect(outcome.status).toBe(400);
    expect(await countUnreadNotifications(SAMPLE.Admin)).toBe(unread);
  });

  it("the root loader's unread count drops to 0 afterwards", async () => {
    const cookie = await cookieFor(SAMPLE.Admin);
    const before = (await run(root, get("/", cookie))).body as { unread: number; notifications: { readAt: string | null }[] };
    expect(before.unread).toBeGreaterThan(0);

    await run(notifications, post("/notifications", { intent: "read" }, cookie));

    const after = (await run(root, get("/", cookie))).body as typeof before;
    expect(after.unread).toBe(0);
    expect(after.notifications.length).toBeGreaterThan(0);
    expect(after.notifications.every((n) => n.readAt !== null)).toBe(true);
  });
});

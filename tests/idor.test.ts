import { thisWorkspace } from "~/db/workspace-keys.server";
import { beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db/db.server";
import { loader as root } from "~/root";
import { action as captions } from "~/routes/captions";
import { action as save } from "~/routes/content.$id.save";
import { action as editor } from "~/routes/editor/route";
import { action as library } from "~/routes/library/route";
import { action as notifications } from "~/routes/notifications";
import { action as settings, loader as settingsPage } from "~/routes/settings/route";
import { loader as thumbnail } from "~/routes/thumbnails.$id";
import { databaseDigest } from "./db-snapshot";
import { SAMPLE, cookieFor, freshSeed, get, post, run } from "./route-helpers";

// No object is readable or writable by id without permission: for each entity, a member who may not
// touch it names it by id and is refused (403, or 404 when the id does not belong where it was sent),
// and nothing stored changes. Reading content is open to every member by design (permissions.ts).

beforeEach(() => freshSeed());

async function someoneElsesItem(userId: string) {
  return prisma.contentItem.findFirstOrThrow({ where: { authorId: { not: userId } }, select: { id: true, body: true, version: true } });
}

async function expectRefusedAndUnchanged(attempt: () => Promise<{ status: number }>, status: number) {
  const before = await databaseDigest();
  const outcome = await attempt();
  expect(outcome.status).toBe(status);
  expect(await databaseDigest()).toEqual(before);
  return outcome;
}

describe("content", () => {
  it("a Writer cannot autosave over someone else's item by id", async () => {
    const cookie = await cookieFor(SAMPLE.Writer);
    const item = await someoneElsesItem(SAMPLE.Writer);
    await expectRefusedAndUnchanged(
      () => run(save, post(`/content/${item.id}/save`, { version: String(item.version), body: "hijacked" }, cookie), { id: item.id }),
      403,
    );
  });

  it("an Analyst cannot autosave any item", async () => {
    const cookie = await cookieFor(SAMPLE.Analyst);
    const item = await someoneElsesItem(SAMPLE.Analyst);
    await expectRefusedAndUnchanged(
      () => run(save, post(`/content/${item.id}/save`, { version: String(item.version), body: "x" }, cookie), { id: item.id }),
      403,
    );
  });

  it.each(["delete", "archive", "duplicate"])("a Writer cannot %s someone else's item from the library", async (intent) => {
    const cookie = await cookieFor(SAMPLE.Writer);
    const item = await someoneElsesItem(SAMPLE.Writer);
    const outcome = await run(library, post("/library", { intent, id: item.id }, cookie));
    if (intent === "duplicate") {
      // Duplicating is creating a copy of something readable: allowed for authors, and the original is untouched.
      expect(await prisma.contentItem.findUnique({ where: { id: item.id }, select: { body: true } })).toEqual({ body: item.body });
      return;
    }
    expect(outcome.status).toBe(403);
    expect(await prisma.contentItem.findUnique({ where: { id: item.id }, select: { body: true, status: true } })).toMatchObject({
      body: item.body,
    });
  });

  it("an Editor cannot change a status by naming an item that does not exist", async () => {
    const cookie = await cookieFor(SAMPLE.Editor);
    await expectRefusedAndUnchanged(
      () => run(editor, post("/editor", { intent: "transition", id: "no-such-item", transition: "archive" }, cookie)),
      404,
    );
  });

  it("a Writer cannot save a caption into someone else's item's channel post by id", async () => {
    const cookie = await cookieFor(SAMPLE.Writer);
    const item = await someoneElsesItem(SAMPLE.Writer);
    await expectRefusedAndUnchanged(
      () => run(captions, post("/captions", { intent: "save", contentId: item.id, platform: "twitter", caption: "hijacked" }, cookie)),
      403,
    );
  });

  it("a Writer cannot archive someone else's item from the editor by id", async () => {
    const cookie = await cookieFor(SAMPLE.Writer);
    const item = await someoneElsesItem(SAMPLE.Writer);
    await expectRefusedAndUnchanged(
      () => run(editor, post("/editor", { intent: "transition", id: item.id, transition: "archive" }, cookie)),
      403,
    );
  });
});

describe("comments", () => {
  it("a comment cannot be resolved through another item's id", async () => {
    const cookie = await cookieFor(SAMPLE.Admin);
    const comment = await prisma.comment.findFirstOrThrow({ select: { id: true, contentId: true } });
    const other = await prisma.contentItem.findFirstOrThrow({ where: { id: { not: comment.contentId } }, select: { id: true } });
    await expectRefusedAndUnchanged(
      () => run(editor, post("/editor", { intent: "resolve", id: other.id, commentId: comment.id, resolved: "true" }, cookie)),
      404,
    );
  });

  it("an Analyst cannot comment or resolve", async () => {
    const cookie = await cookieFor(SAMPLE.Analyst);
    const comment = await prisma.comment.findFirstOrThrow({ select: { id: true, contentId: true } });
    await expectRefusedAndUnchanged(
      () => run(editor, post("/editor", { intent: "comment", id: comment.contentId, comment: "x" }, cookie)),
      403,
    );
    await expectRefusedAndUnchanged(
      () => run(editor, post("/editor", { intent: "resolve", id: comment.contentId, commentId: comment.id, resolved: "true" }, cookie)),
      403,
    );
  });
});

describe("revisions", () => {
  it("a revision of one item cannot be restored into another", async () => {
    const cookie = await cookieFor(SAMPLE.Admin);
    const revision = await prisma.contentRevision.findFirstOrThrow({ select: { id: true, contentId: true } });
    const other = await prisma.contentItem.findFirstOrThrow({
      where: { id: { not: revision.contentId } },
      select: { id: true, version: true },
    });
    await expectRefusedAndUnchanged(
      () =>
        run(save, post(`/content/${other.id}/save`, { version: String(other.version), restore: revision.id }, cookie), { id: other.id }),
      404,
    );
  });
});

describe("notifications", () => {
  it("marking read touches only the caller's own notifications, and the bell lists only theirs", async () => {
    const othersUnread = () => prisma.notification.count({ where: { userId: { not: SAMPLE.Writer }, readAt: null } });
    const before = await othersUnread();
    expect(before).toBeGreaterThan(0);
    const cookie = await cookieFor(SAMPLE.Writer);
    expect(
      (await run(notifications, post("/notifications", { intent: "read", userId: SAMPLE.Admin, id: "anything" }, cookie))).status,
    ).toBe(200);
    expect(await othersUnread()).toBe(before);

    const page = await run(root, get("/", cookie));
    const own = await prisma.notification.findMany({ where: { userId: SAMPLE.Writer }, select: { id: true } });
    const listed = (page.body as { notifications: { id: string }[] }).notifications.map((n) => n.id);
    for (const id of listed) expect(own.map((n) => n.id)).toContain(id);
  });
});

describe("team, invitations, sessions and integrations (settings)", () => {
  const attempts: [string, Record<string, string>][] = [
    ["invite", { intent: "invite", email: "x@studio.test", role: "Admin" }],
    ["renew", { intent: "renew", userId: SAMPLE.Analyst }],
    ["role", { intent: "role", userId: SAMPLE.Writer, role: "Admin" }],
    ["remove", { intent: "remove", userId: SAMPLE.Admin }],
    ["connect", { intent: "connect", platform: "linkedin", handle: "x" }],
    ["disconnect", { intent: "disconnect", platform: "linkedin" }],
  ];
  it.each(attempts)("an Editor cannot %s by naming a member or platform", async (_name, fields) => {
    const cookie = await cookieFor(SAMPLE.Editor);
    await expectRefusedAndUnchanged(() => run(settings, post("/settings", fields, cookie)), 403);
  });

  it("signing out other sessions ends only the caller's own", async () => {
    const adminCookie = await cookieFor(SAMPLE.Admin);
    const adminSessions = await prisma.session.count({ where: { userId: SAMPLE.Admin } });
    const writerCookie = await cookieFor(SAMPLE.Writer);
    await cookieFor(SAMPLE.Writer);
    expect((await run(settings, post("/settings", { intent: "sign-out-others", userId: SAMPLE.Admin }, writerCookie))).status).toBe(200);
    expect(await prisma.session.count({ where: { userId: SAMPLE.Admin } })).toBe(adminSessions);
    expect(await prisma.session.count({ where: { userId: SAMPLE.Writer } })).toBe(1);
    expect(adminCookie).toBeTruthy();
  });

  it("the settings page lists only the caller's sessions and never an integration secret", async () => {
    await prisma.integration.updateMany({ data: { webhookSecret: "s3cret-value-123", webhookUrl: "https://hooks.internal/abc" } });
    await prisma.settings.update({
      where: thisWorkspace(),
      data: { websiteWebhookSecret: "s3cret-value-123", websiteWebhookUrl: "https://hooks.internal/site/abc" },
    });
    await cookieFor(SAMPLE.Admin);
    for (const role of ["Admin", "Editor", "Writer", "Analyst"] as const) {
      const cookie = await cookieFor(SAMPLE[role]);
      const page = await run(settingsPage, get("/settings", cookie));
      expect(page.status).toBe(200);
      const body = page.body as { sessions: { id: string }[] };
      const own = (await prisma.session.findMany({ where: { userId: SAMPLE[role] }, select: { id: true } })).map((s) => s.id);
      expect(body.sessions.length).toBeGreaterThan(0);
      for (const s of body.sessions) expect(own).toContain(s.id);
      expect(JSON.stringify(page.body)).not.toContain("s3cret-value-123");
      expect(JSON.stringify(page.body)).not.toContain("/site/abc");
    }
  });
});

describe("thumbnails", () => {
  it("answer 404 for an id that is not a content item, and only to members", async () => {
    const cookie = await cookieFor(SAMPLE.Analyst);
    expect((await run(thumbnail, get("/thumbnails/nope", cookie), { id: "nope" })).status).toBe(404);
    expect((await run(thumbnail, get("/thumbnails/nope"), { id: "nope" })).status).toBe(302);
  });
});

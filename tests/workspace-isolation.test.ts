import { beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db/db.server";
import { FIRST_WORKSPACE_ID, NoWorkspaceError, currentWorkspaceId, withRequestScope, withWorkspace } from "~/db/workspace-scope.server";
import { findReviewLinkByHash } from "~/models/review-link.server";
import { createInvitation } from "~/models/invitation.server";
import { createSession, findSession } from "~/models/session.server";
import { changeMember, listTeam } from "~/models/user.server";
import { action as save } from "~/routes/content.$id.save";
import { loader as editorPage } from "~/routes/editor/route";
import { loader as root } from "~/root";
import { action as library } from "~/routes/library/route";
import { databaseDigest } from "./db-snapshot";
import { SAMPLE, cookieFor, freshSeed, get, post, run } from "./route-helpers";

// Decision 073: a workspace's rows are held to it in the data layer. Workspace B is made here, its
// rows written in B's scope; the first workspace (the seed's team) then names them by id.
const B = "ws-client";
const client = { userAgent: "vitest", ip: "" };

beforeEach(async () => {
  await freshSeed();
  await prisma.workspace.upsert({ where: { id: B }, create: { id: B, name: "Northwind (client)" }, update: {} });
});

/** An item of B's, with a revision made through the relation and a comment. */
function itemOfB() {
  return withWorkspace(B, async () => {
    const item = await prisma.contentItem.create({
      data: {
        title: "Northwind launch",
        type: "blog",
        body: "B's words.",
        authorId: SAMPLE.Admin,
        revisions: { create: [{ version: 1, title: "Northwind launch", body: "B's words.", authorId: SAMPLE.Admin, label: "Created" }] },
      },
      select: { id: true, version: true },
    });
    await prisma.comment.create({ data: { contentId: item.id, authorId: SAMPLE.Admin, body: "B's comment" } });
    return item;
  });
}

describe("the data layer holds every query to the workspace in scope", () => {
  it("stamps a row made in B with B, and its nested rows too", async () => {
    const item = await itemOfB();
    const stamped = await withWorkspace(B, () =>
      prisma.contentItem.findUniqueOrThrow({
        where: { id: item.id },
        select: { workspaceId: true, revisions: { select: { workspaceId: true } } },
      }),
    );
    expect(stamped).toEqual({ workspaceId: B, revisions: [{ workspaceId: B }] });
  });

  it("from the first workspace, B's rows are not found, counted, changed or deleted", async () => {
    const item = await itemOfB();
    const before = await databaseDigest();
    expect(await prisma.contentItem.findUnique({ where: { id: item.id } })).toBeNull();
    expect(await prisma.comment.count({ where: { contentId: item.id } })).toBe(0);
    expect((await prisma.contentItem.updateMany({ where: { id: item.id }, data: { title: "taken" } })).count).toBe(0);
    await expect(prisma.contentItem.update({ where: { id: item.id }, data: { title: "taken" } })).rejects.toThrow();
    expect((await prisma.comment.deleteMany({ where: { contentId: item.id } })).count).toBe(0);
    expect(await databaseDigest()).toEqual(before);
  });

  it("a query with no workspace in scope throws instead of reading everyone's", async () => {
    await expect(withRequestScope(() => prisma.contentItem.count())).rejects.toBeInstanceOf(NoWorkspaceError);
  });

  it("a member of the first workspace gets 404 for B's item, from the editor, the library and autosave, and nothing changes", async () => {
    const item = await itemOfB();
    const cookie = await cookieFor(SAMPLE.Admin);
    const before = await databaseDigest();
    expect((await run(editorPage, get(`/editor?id=${item.id}`, cookie))).status).toBe(404);
    for (const intent of ["delete", "archive", "duplicate"])
      expect((await run(library, post("/library", { intent, id: item.id }, cookie))).status, intent).toBe(404);
    const autosave = post(`/content/${item.id}/save`, { version: String(item.version), body: "hijacked" }, cookie);
    expect((await run(save, autosave, { id: item.id })).status).toBe(404);
    expect(await databaseDigest()).toEqual(before);
  });
});

describe("a token names its workspace", () => {
  it("a review link of B's puts the request in B", async () => {
    const item = await itemOfB();
    await withWorkspace(B, () =>
      prisma.reviewLink.create({
        data: {
          contentId: item.id,
          tokenHash: "hash-of-b",
          fingerprint: "f",
          createdById: SAMPLE.Admin,
          expiresAt: new Date(Date.now() + 86_400_000),
        },
      }),
    );
    const seen = await withRequestScope(async () => {
      const link = await findReviewLinkByHash("hash-of-b");
      return { contentId: link?.contentId, workspace: currentWorkspaceId() };
    });
    expect(seen).toEqual({ contentId: item.id, workspace: B });
  });
});

describe("one account, a membership per workspace", () => {
  it("the shell names the workspace the member works in", async () => {
    const page = await run(root, get("/", await cookieFor(SAMPLE.Admin)));
    expect(page.body).toMatchObject({ workspace: "Brightpath Marketing" });
  });

  it("inviting an account that exists adds a membership, with no link and no second password", async () => {
    const hashBefore = await prisma.user.findUniqueOrThrow({ where: { id: SAMPLE.Editor }, select: { passwordHash: true } });
    const made = await withWorkspace(B, () => createInvitation({ email: "marcus@studio.test", role: "Writer", invitedById: SAMPLE.Admin }));
    expect(made).toMatchObject({ ok: true, token: null, added: true });
    expect(await withWorkspace(B, listTeam)).toEqual([expect.objectContaining({ id: SAMPLE.Editor, role: "Writer", status: "active" })]);
    expect(await prisma.user.findUniqueOrThrow({ where: { id: SAMPLE.Editor }, select: { passwordHash: true } })).toEqual(hashBefore);
    expect(await prisma.invitation.count({ where: { userId: SAMPLE.Editor } })).toBe(0);
  });

  it("removing a member from one workspace leaves their others, where their session goes on", async () => {
    await withWorkspace(B, () => createInvitation({ email: "marcus@studio.test", role: "Writer", invitedById: SAMPLE.Admin }));
    const { token } = await createSession(SAMPLE.Editor, client);
    expect((await findSession(token))?.workspaceId).toBe(FIRST_WORKSPACE_ID);
    const removed = await changeMember(SAMPLE.Editor, { kind: "remove" }, { kind: "member", id: SAMPLE.Admin, name: "Sarah Chen" });
    expect(removed).toEqual({ ok: true });
    expect((await listTeam()).map((m) => m.id)).not.toContain(SAMPLE.Editor);
    expect(await withWorkspace(B, listTeam)).toEqual([expect.objectContaining({ id: SAMPLE.Editor, status: "active" })]);
    // Their sessions in the first workspace ended; a new one opens in B with B's role.
    expect(await findSession(token)).toBeNull();
    const again = await createSession(SAMPLE.Editor, client);
    expect(await findSession(again.token)).toMatchObject({ workspaceId: B, workspaceName: "Northwind (client)", user: { role: "Writer" } });
  });
});

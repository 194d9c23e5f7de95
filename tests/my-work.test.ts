import { beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db/db.server";
import { FIRST_WORKSPACE_ID, withWorkspace } from "~/db/workspace-scope.server";
import { loader as myWorkPage } from "~/routes/my-work";
import { action as workspace } from "~/routes/workspace";
import { myWork } from "~/services/my-work.server";
import { databaseDigest } from "./db-snapshot";
import { SAMPLE, cookieFor, freshSeed, get, post, run } from "./route-helpers";

// "My work" across workspaces, and the switch a row in another workspace goes through (decision 073).
const B = "ws-client";

beforeEach(async () => {
  await freshSeed();
  await prisma.workspace.upsert({ where: { id: B }, create: { id: B, name: "Northwind (client)" }, update: {} });
});

/** Marcus is an Editor in B too; B has an item of his in review by someone else, and a failed post of his. */
async function marcusInB() {
  return withWorkspace(B, async () => {
    await prisma.membership.create({ data: { userId: SAMPLE.Editor, role: "Editor" } });
    const review = await prisma.contentItem.create({
      data: { title: "Northwind spring launch", type: "blog", status: "review", body: "Text.", authorId: SAMPLE.Writer },
    });
    const mine = await prisma.contentItem.create({
      data: { title: "Northwind recap", type: "social", status: "published", body: "Text.", authorId: SAMPLE.Editor },
    });
    await prisma.channelPost.create({
      data: {
        contentId: mine.id,
        channel: "mastodon",
        text: "Recap",
        status: "failed",
        lastError: "Mastodon refused the token.",
        createdById: SAMPLE.Editor,
      },
    });
    return { review, mine };
  });
}

describe("my work", () => {
  it("lists what waits on a member in every workspace they belong to, each row naming its workspace", async () => {
    const { review, mine } = await marcusInB();
    const work = await myWork(SAMPLE.Editor);
    expect(work.approvals).toContainEqual(expect.objectContaining({ id: review.id, workspaceId: B, workspace: "Northwind (client)" }));
    // The seed's own items in review are in the first workspace, named so.
    expect(work.approvals.some((a) => a.workspaceId === FIRST_WORKSPACE_ID && a.workspace === "Brightpath Marketing")).toBe(true);
    expect(work.failed).toContainEqual(
      expect.objectContaining({ id: mine.id, workspace: "Northwind (client)", channel: "mastodon", reason: "Mastodon refused the token." }),
    );
  });

  it("shows nothing of a workspace the member is not in, and no approvals to a role that does not approve", async () => {
    await marcusInB();
    const work = await myWork(SAMPLE.Writer);
    expect([...work.approvals, ...work.due, ...work.failed].some((r) => r.workspaceId === B)).toBe(false);
    expect(work.approvals).toEqual([]);
  });

  it("the page reads and writes nothing", async () => {
    await marcusInB();
    const cookie = await cookieFor(SAMPLE.Editor);
    const before = await databaseDigest();
    const page = await run(myWorkPage, get("/my-work", cookie));
    expect(page.status).toBe(200);
    expect(await databaseDigest()).toEqual(before);
  });
});

describe("switching workspace", () => {
  // The member's newest session: the one cookieFor just made.
  const sessionOf = (userId: string) =>
    prisma.session.findFirstOrThrow({ where: { userId }, orderBy: { createdAt: "desc" }, select: { workspaceId: true } });

  it("moves a member's session to a workspace they belong to and goes on to a path of the studio", async () => {
    await marcusInB();
    const cookie = await cookieFor(SAMPLE.Editor);
    const moved = await run(workspace, post("/workspace", { intent: "switch", workspaceId: B, next: "/library" }, cookie));
    expect(moved.status).toBe(302);
    expect(moved.headers.get("Location")).toBe("/library");
    expect(await sessionOf(SAMPLE.Editor)).toEqual({ workspaceId: B });
  });

  it("refuses a workspace the member is not in with 404, and a next address off the studio goes home", async () => {
    await marcusInB();
    const cookie = await cookieFor(SAMPLE.Writer);
    const before = await databaseDigest();
    const refused = await run(workspace, post("/workspace", { intent: "switch", workspaceId: B, next: "/library" }, cookie));
    expect(refused.status).toBe(404);
    expect(await databaseDigest()).toEqual(before);
    const editor = await cookieFor(SAMPLE.Editor);
    const away = await run(workspace, post("/workspace", { intent: "switch", workspaceId: B, next: "https://elsewhere.example/" }, editor));
    expect(away.headers.get("Location")).toBe("/");
  });
});

// The Owner's screen (/workspaces, decision 079) against its route module and a real database: only the
// instance's Owner may use it (an Admin is refused), names are checked, delete asks for the exact name
// and keeps the last workspace, and each change writes one entry in the instance's audit log.
import { beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db/db.server";
import { acrossWorkspaces, FIRST_WORKSPACE_ID, withWorkspace } from "~/db/workspace-scope.server";
import { CONFIRM_MISMATCH, LAST_WORKSPACE, NAME_TAKEN, OWNER_ONLY } from "~/domain/workspace-forms";
import { listAuditEntries } from "~/models/audit.server";
import { action, loader } from "~/routes/workspaces/route";
import { databaseDigest } from "./db-snapshot";
import { cookieFor, freshSeed, get, post, run, SAMPLE } from "./route-helpers";

const OWNER = SAMPLE.Admin; // the seed's first member runs the instance
const ADMIN = SAMPLE.Editor; // made an Admin of the first workspace below, not the Owner

type Body = { ok: boolean; fieldErrors?: Record<string, string>; formError?: string | null; target?: string };

const send = async (fields: Record<string, string>, cookie: string) => {
  const outcome = await run(action, post("/workspaces", fields, cookie));
  return { status: outcome.status, body: outcome.body as Body };
};
const instanceAudit = () => acrossWorkspaces(() => prisma.auditEntry.findMany({ where: { workspaceId: "" }, orderBy: { seq: "asc" } }));
const workspaceNamed = (name: string) => acrossWorkspaces(() => prisma.workspace.findFirst({ where: { name } }));

let owner: string;
let admin: string;
beforeEach(async () => {
  await freshSeed();
  await prisma.membership.update({
    where: { workspaceId_userId: { workspaceId: FIRST_WORKSPACE_ID, userId: ADMIN } },
    data: { role: "Admin" },
  });
  owner = await cookieFor(OWNER);
  admin = await cookieFor(ADMIN);
});

describe("who may use it", () => {
  it("the Owner sees every workspace with its members and items", async () => {
    const outcome = await run(loader, get("/workspaces", owner));
    expect(outcome.status).toBe(200);
    const page = outcome.body as { workspaces: { id: string; members: number; items: number }[] };
    const items = await prisma.contentItem.count();
    expect(page.workspaces).toEqual([expect.objectContaining({ id: FIRST_WORKSPACE_ID, members: 7, items })]);
  });

  it("an Admin who is not the Owner gets 403 on the page and on every action, and nothing changes", async () => {
    const page = await run(loader, get("/workspaces", admin));
    expect(page.status).toBe(403);
    const before = await databaseDigest();
    const attempts: Record<string, string>[] = [
      { intent: "create", name: "Acme" },
      { intent: "rename", workspaceId: FIRST_WORKSPACE_ID, name: "Acme" },
      { intent: "delete", workspaceId: FIRST_WORKSPACE_ID, confirm: "Brightpath Marketing" },
    ];
    for (const fields of attempts) {
      const { status, body } = await send(fields, admin);
      expect(status).toBe(403);
      expect(body.formError).toBe(OWNER_ONLY);
    }
    expect(await databaseDigest()).toEqual(before);
  });
});

describe("create", () => {
  it.each([
    ["", "Give the workspace a name."],
    ["   ", "Give the workspace a name."],
    ["x".repeat(81), "Keep the name to 80 characters or fewer."],
    ["brightpath marketing", NAME_TAKEN],
  ])("refuses %j with 400 and the message beside the field", async (name, message) => {
    const before = await databaseDigest();
    const { status, body } = await send({ intent: "create", name }, owner);
    expect(status).toBe(400);
    expect(body.fieldErrors?.name).toBe(message);
    expect(await databaseDigest()).toEqual(before);
  });

  it("makes the workspace with its default rows, the Owner its Admin, and one instance audit entry", async () => {
    const { status } = await send({ intent: "create", name: "  Acme Co  " }, owner);
    expect(status).toBe(200);
    const made = await workspaceNamed("Acme Co");
    expect(made).not.toBeNull();
    const id = made!.id;
    await withWorkspace(id, async () => {
      expect(await prisma.membership.findMany({ select: { userId: true, role: true } })).toEqual([{ userId: OWNER, role: "Admin" }]);
      expect(await prisma.settings.findUnique({ where: { workspaceId: id }, select: { teamName: true } })).toEqual({ teamName: "Acme Co" });
      expect(await prisma.brandTone.count()).toBe(5);
      expect(await prisma.integration.count({ where: { connected: true } })).toBe(0);
      expect(await prisma.integration.count()).toBe(7);
      expect(await prisma.agent.count()).toBe(6);
      expect(await prisma.contentItem.count()).toBe(0);
    });
    const audit = await instanceAudit();
    expect(audit).toEqual([expect.objectContaining({ action: "workspace.created", actorId: OWNER, objectId: id, objectTitle: "Acme Co" })]);
    // The instance's entries are no workspace's: the first workspace's own log does not list them.
    expect((await listAuditEntries({ actor: "", action: "workspace.created", object: "", from: null, to: null, page: 1 })).total).toBe(0);
  });

  it("name length 80 is accepted", async () => {
    expect((await send({ intent: "create", name: "y".repeat(80) }, owner)).status).toBe(200);
  });
});

describe("rename", () => {
  it("checks the name like create, and records before and after", async () => {
    await send({ intent: "create", name: "Acme" }, owner);
    const id = (await workspaceNamed("Acme"))!.id;
    const taken = await send({ intent: "rename", workspaceId: id, name: "BRIGHTPATH MARKETING" }, owner);
    expect([taken.status, taken.body.fieldErrors?.name, taken.body.target]).toEqual([400, NAME_TAKEN, id]);
    const empty = await send({ intent: "rename", workspaceId: id, name: "" }, owner);
    expect(empty.status).toBe(400);
    const missing = await send({ intent: "rename", workspaceId: "no-such", name: "Other" }, owner);
    expect(missing.status).toBe(404);

    expect((await send({ intent: "rename", workspaceId: id, name: "Acme Group" }, owner)).status).toBe(200);
    expect((await acrossWorkspaces(() => prisma.workspace.findUnique({ where: { id } })))?.name).toBe("Acme Group");
    const audit = await instanceAudit();
    expect(audit.map((a) => a.action)).toEqual(["workspace.created", "workspace.renamed"]);
    expect(JSON.parse(audit[1].before!)).toEqual({ name: "Acme" });
    expect(JSON.parse(audit[1].after!)).toEqual({ name: "Acme Group" });
  });
});

describe("delete", () => {
  it("asks for the exact name (400 beside the field, nothing deleted)", async () => {
    await send({ intent: "create", name: "Acme" }, owner);
    const id = (await workspaceNamed("Acme"))!.id;
    const before = await databaseDigest();
    for (const confirm of ["", "acme", "Acme "]) {
      const { status, body } = await send({ intent: "delete", workspaceId: id, confirm }, owner);
      expect(status).toBe(400);
      expect(body.fieldErrors?.confirm).toBe(CONFIRM_MISMATCH);
    }
    expect(await databaseDigest()).toEqual(before);
  });

  it("keeps the studio's last workspace (409)", async () => {
    const before = await databaseDigest();
    const { status, body } = await send({ intent: "delete", workspaceId: FIRST_WORKSPACE_ID, confirm: "Brightpath Marketing" }, owner);
    expect(status).toBe(409);
    expect(body.formError).toBe(LAST_WORKSPACE);
    expect(await databaseDigest()).toEqual(before);
  });

  it("answers 404 for a workspace that does not exist", async () => {
    expect((await send({ intent: "delete", workspaceId: "no-such", confirm: "x" }, owner)).status).toBe(404);
  });

  it("moves sessions working there to another of their member's workspaces, or ends them", async () => {
    await send({ intent: "create", name: "Acme" }, owner);
    const id = (await workspaceNamed("Acme"))!.id;
    // Someone who belongs only to Acme, and the Owner's session working in Acme.
    await acrossWorkspaces(async () => {
      await prisma.user.create({ data: { id: "user-only-acme", name: "Only Acme", email: "only@acme.test" } });
      await prisma.membership.create({ data: { workspaceId: id, userId: "user-only-acme", role: "Writer" } });
    });
    const lone = await cookieFor("user-only-acme");
    const ownerThere = await cookieFor(OWNER);
    await acrossWorkspaces(() => prisma.session.updateMany({ where: { userId: OWNER }, data: { workspaceId: id } }));

    const { status } = await send({ intent: "delete", workspaceId: id, confirm: "Acme" }, ownerThere);
    expect(status).toBe(200);
    const sessions = await acrossWorkspaces(() => prisma.session.findMany({ select: { userId: true, workspaceId: true } }));
    expect(sessions.filter((s) => s.userId === "user-only-acme")).toEqual([]);
    expect(sessions.filter((s) => s.userId === OWNER).map((s) => s.workspaceId)).toEqual([FIRST_WORKSPACE_ID, FIRST_WORKSPACE_ID]);
    expect(lone).toBeTruthy();

    const audit = await instanceAudit();
    expect(audit.map((a) => a.action)).toEqual(["workspace.created", "workspace.deleted"]);
    expect(audit[1]).toMatchObject({ objectId: id, objectTitle: "Acme", actorId: OWNER });
    expect(await workspaceNamed("Acme")).toBeNull();
  });

  it("the page lists the last 20 instance audit entries, newest first", async () => {
    await send({ intent: "create", name: "Acme" }, owner);
    const id = (await workspaceNamed("Acme"))!.id;
    for (let i = 1; i <= 21; i++) await send({ intent: "rename", workspaceId: id, name: `Acme ${i}` }, owner);
    const page = (await run(loader, get("/workspaces", owner))).body as { audit: { action: string; objectTitle: string }[] };
    expect(page.audit).toHaveLength(20);
    expect(page.audit[0]).toMatchObject({ action: "workspace.renamed", objectTitle: "Acme 21" });
    expect(page.audit.at(-1)).toMatchObject({ objectTitle: "Acme 2" });
  });
});

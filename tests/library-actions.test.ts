import { beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db/db.server";
import { ROLES, type Role } from "~/domain/content";
import { itemPermissions, type ItemPermissions } from "~/domain/library-actions";
import { can, forbiddenMessage } from "~/domain/permissions";
import { action, loader } from "~/routes/library/route";
import { SAMPLE, cookieFor, freshSeed, get, post, run } from "./route-helpers";

beforeEach(() => freshSeed());

const act = async (role: Role, fields: Record<string, string>) => run(action, post("/library", fields, await cookieFor(SAMPLE[role])));
const errorOf = (body: unknown) => (body as { formError?: string }).formError;

async function itemWith(status: string) {
  const item = await prisma.contentItem.findFirst({
    where: { status },
    orderBy: { id: "asc" },
    select: { id: true, title: true, status: true, authorId: true },
  });
  if (!item) throw new Error(`no sample item is ${status}`);
  return item;
}

const eventsFor = (action: string) => prisma.activityEvent.count({ where: { action } });

describe("library actions", () => {
  it("archives an item and restores it as a draft, logging both", async () => {
    const item = await itemWith("published");
    const archived = await act("Editor", { intent: "archive", id: item.id });
    expect(archived.status).toBe(200);
    expect(archived.body).toMatchObject({ ok: true, intent: "archive", message: `“${item.title}” archived.` });
    expect((await prisma.contentItem.findUnique({ where: { id: item.id } }))?.status).toBe("archived");
    const restored = await act("Admin", { intent: "restore", id: item.id });
    expect(restored.status).toBe(200);
    expect((await prisma.contentItem.findUnique({ where: { id: item.id } }))?.status).toBe("draft");
    expect(await prisma.activityEvent.count({ where: { contentId: item.id, action: { in: ["archived", "restored"] } } })).toBe(2);
  });

  it("duplicates into a draft owned by the member and opens it in the editor", async () => {
    const source = await itemWith("published");
    const tags = await prisma.contentTag.findMany({
      where: { contentId: source.id },
      orderBy: { position: "asc" },
      select: { name: true },
    });
    const outcome = await act("Writer", { intent: "duplicate", id: source.id });
    expect(outcome.status).toBe(302);
    const id = new URL(outcome.headers.get("Location")!, "http://x").searchParams.get("id");
    const copy = await prisma.contentItem.findUnique({ where: { id: id! }, include: { tags: { orderBy: { position: "asc" } } } });
    expect(copy).toMatchObject({ title: `${source.title} (copy)`, status: "draft", authorId: SAMPLE.Writer });
    expect(copy!.tags.map((t) => t.name)).toEqual(tags.map((t) => t.name));
    expect(await prisma.activityEvent.count({ where: { contentId: id, action: "created", userId: SAMPLE.Writer } })).toBe(1);
  });

  it("deletes for an Editor, logging the deletion", async () => {
    const item = await itemWith("draft");
    const before = await eventsFor("deleted");
    const outcome = await act("Editor", { intent: "delete", id: item.id });
    expect(outcome.status).toBe(200);
    expect(outcome.body).toMatchObject({ ok: true, intent: "delete", message: `“${item.title}” deleted.` });
    expect(await prisma.contentItem.findUnique({ where: { id: item.id } })).toBeNull();
    expect(await eventsFor("deleted")).toBe(before + 1);
  });

  it.each([
    [{ intent: "publish", id: "content-001" }, /Unknown action/],
    [{ intent: "delete" }, /Say which content item/],
    [{ intent: "archive", id: "   " }, /Say which content item/],
    [{ id: "content-001" }, /Unknown action/],
  ])("refuses malformed input %j with 400", async (fields, message) => {
    const outcome = await act("Admin", fields as Record<string, string>);
    expect(outcome.status).toBe(400);
    expect(errorOf(outcome.body)).toMatch(message);
  });

  it.each(["duplicate", "archive", "restore", "delete"])("answers %s of an unknown item with 404", async (intent) => {
    const outcome = await act("Admin", { intent, id: "content-that-never-was" });
    expect(outcome.status).toBe(404);
    expect(errorOf(outcome.body)).toMatch(/does not exist/);
  });

  it("answers an illegal move with 409 and changes nothing", async () => {
    const draft = await itemWith("draft");
    const archived = await itemWith("archived");
    const restore = await act("Admin", { intent: "restore", id: draft.id });
    expect(restore.status).toBe(409);
    expect(errorOf(restore.body)).toMatch(/is draft, so it cannot be restored/);
    const archive = await act("Admin", { intent: "archive", id: archived.id });
    expect(archive.status).toBe(409);
    expect((await prisma.contentItem.findUnique({ where: { id: draft.id } }))?.status).toBe("draft");
    expect((await prisma.contentItem.findUnique({ where: { id: archived.id } }))?.status).toBe("archived");
  });
});

describe.each(ROLES)("as %s", (role) => {
  const cases = [
    { intent: "duplicate", status: "published", permission: "content.create" },
    { intent: "archive", status: "review", permission: "content.archive" },
    { intent: "restore", status: "archived", permission: "content.archive" },
    { intent: "delete", status: "draft", permission: "content.delete" },
  ] as const;

  it.each(cases)(
    "$intent is allowed exactly when the roles matrix says so, and a refusal changes nothing",
    async ({ intent, status, permission }) => {
      const item = await itemWith(status);
      const countBefore = await prisma.contentItem.count();
      const outcome = await act(role, { intent, id: item.id });
      if (can(role, permission)) {
        expect(outcome.status, JSON.stringify(outcome.body)).toBeLessThan(400);
        const after = await prisma.contentItem.findUnique({ where: { id: item.id }, select: { status: true } });
        const effect = {
          duplicate: () => prisma.contentItem.count(),
          archive: () => after?.status,
          restore: () => after?.status,
          delete: () => after,
        };
        expect(await effect[intent]()).toEqual({ duplicate: countBefore + 1, archive: "archived", restore: "draft", delete: null }[intent]);
      } else {
        expect(outcome.status).toBe(403);
        expect(errorOf(outcome.body)).toBe(forbiddenMessage(role, permission));
        expect(await prisma.contentItem.findUnique({ where: { id: item.id }, select: { status: true } })).toEqual({ status });
        expect(await prisma.contentItem.count()).toBe(countBefore);
      }
    },
  );

  it("the loader offers exactly the actions the server allows", async () => {
    const outcome = await run(loader, get("/library?view=list", await cookieFor(SAMPLE[role])));
    const body = outcome.body as {
      items: { id: string; authorId: string; status: string }[];
      allowed: Record<string, ItemPermissions>;
      canCreate: boolean;
    };
    expect(body.canCreate).toBe(can(role, "content.create"));
    for (const item of body.items) expect(body.allowed[item.id]).toEqual(itemPermissions({ id: SAMPLE[role], role }, item));
    if (role === "Analyst") expect(Object.values(body.allowed).every((a) => Object.values(a).every((v) => !v))).toBe(true);
  });
});

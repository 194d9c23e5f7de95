// History (issue 33): every version its own number, authors named once, and a restore that asks first —
// here the confirmed step of the form that works without scripts.
import { beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db/db.server";
import { createContent } from "~/models/content-write.server";
import { action as editor, loader } from "~/routes/editor/route";
import { SAMPLE, cookieFor, freshSeed, get, post, run } from "./route-helpers";

beforeEach(() => freshSeed());

type Loaded = {
  revisions: { id: string; number: number; label: string; author: string }[];
  history: { open: boolean; confirming: string | null; typingNow: string[] };
  item: { body: string; version: number };
};

async function itemWithSteps() {
  const { id } = await createContent({ title: "History test", type: "blog", tags: [], body: "First words.", authorId: SAMPLE.Admin });
  // Six agent steps of one run that leave the item at one version, as a workflow does.
  // All in the past, so whatever the test does next is newer, however fast the machine.
  const base = Date.now() - 1000;
  await prisma.contentRevision.updateMany({ where: { contentId: id }, data: { createdAt: new Date(base) } });
  for (let step = 1; step <= 6; step++)
    await prisma.contentRevision.create({
      data: {
        contentId: id,
        version: 1,
        title: "History test",
        body: step === 6 ? "Agent words." : "First words.",
        authorId: SAMPLE.Editor,
        agentName: `Agent ${step}`,
        label: `Agent ${step} · 2 s`,
        createdAt: new Date(base + step * 10),
      },
    });
  await prisma.contentItem.update({ where: { id }, data: { body: "Agent words.", version: 2 } });
  return id;
}

const open = async (path: string) => (await run(loader, get(path, await cookieFor(SAMPLE.Admin)))).body as Loaded;

describe("History", () => {
  it("numbers each version, oldest first, though agent steps share the item's version", async () => {
    const id = await itemWithSteps();
    const { revisions, history } = await open(`/editor?id=${id}`);
    expect(revisions.map((r) => r.number)).toEqual([7, 6, 5, 4, 3, 2, 1]);
    expect(revisions[6].label).toBe("Created");
    expect(history).toEqual({ open: false, confirming: null, typingNow: [] });
  });

  it("opens, and asks to confirm a restore, from the address (no scripts)", async () => {
    const id = await itemWithSteps();
    const { revisions } = await open(`/editor?id=${id}`);
    const created = revisions[6].id;
    expect((await open(`/editor?id=${id}&restore=${created}`)).history).toMatchObject({ open: true, confirming: created });
  });

  it("restores a confirmed version as a new one named by its number, checked against the version shown", async () => {
    const id = await itemWithSteps();
    const cookie = await cookieFor(SAMPLE.Admin);
    const { revisions } = await open(`/editor?id=${id}`);
    const created = revisions[6].id;

    const stale = await run(editor, post(`/editor?id=${id}&history=1`, { intent: "restore", id, revision: created, version: "1" }, cookie));
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ ok: false, formError: expect.stringContaining("nothing was restored"), revision: created });
    expect((await prisma.contentItem.findUniqueOrThrow({ where: { id } })).body).toBe("Agent words.");

    const done = await run(editor, post(`/editor?id=${id}&history=1`, { intent: "restore", id, revision: created, version: "2" }, cookie));
    expect(done).toMatchObject({
      status: 200,
      body: { ok: true, intent: "restore", message: expect.stringContaining("Restored version 1.") },
    });
    const after = await open(`/editor?id=${id}`);
    expect(after.item.body).toBe("First words.");
    expect(after.revisions[0]).toMatchObject({ number: 8, label: "Restored version 1", author: "Sarah Chen" });
  });

  it("refuses a restore to a member who may not edit, and a version of another item", async () => {
    const id = await itemWithSteps();
    const { revisions } = await open(`/editor?id=${id}`);
    const analyst = await run(
      editor,
      post("/editor", { intent: "restore", id, revision: revisions[6].id, version: "2" }, await cookieFor(SAMPLE.Analyst)),
    );
    expect(analyst.status).toBe(403);
    const other = await prisma.contentRevision.findFirstOrThrow({ where: { contentId: { not: id } } });
    const foreign = await run(
      editor,
      post("/editor", { intent: "restore", id, revision: other.id, version: "2" }, await cookieFor(SAMPLE.Admin)),
    );
    expect(foreign.status).toBe(404);
    expect((await prisma.contentItem.findUniqueOrThrow({ where: { id } })).body).toBe("Agent words.");
  });
});

import { beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db/db.server";
import { action as save } from "~/routes/content.$id.save";
import { SAMPLE, cookieFor, freshSeed, post, run } from "./route-helpers";

beforeEach(() => freshSeed());

const ID = "content-sample";
const saveAs = (cookie: string, fields: Record<string, string>) => run(save, post(`/content/${ID}/save`, fields, cookie), { id: ID });

describe("a stale save", () => {
  it("gets 409 with both versions and a merged text when the edits do not overlap", async () => {
    const cookie = await cookieFor(SAMPLE.Admin);
    const original = (await prisma.contentItem.findUniqueOrThrow({ where: { id: ID } })).body;
    const theirs = original.replace("The Future of AI", "The Near Future of AI");
    expect(await saveAs(cookie, { version: "1", body: theirs })).toMatchObject({ status: 200, body: { version: 2 } });
    const mine = `${original.trimEnd()}\n\nOne more paragraph.`;
    const stale = await saveAs(cookie, { version: "1", body: mine });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({
      ok: false,
      current: { body: theirs, version: 2 },
      merged: `${theirs.trimEnd()}\n\nOne more paragraph.`,
    });
    expect((await prisma.contentItem.findUniqueOrThrow({ where: { id: ID } })).body).toBe(theirs);
  });

  it("offers no merged text when both changed the same words", async () => {
    const cookie = await cookieFor(SAMPLE.Admin);
    const original = (await prisma.contentItem.findUniqueOrThrow({ where: { id: ID } })).body;
    await saveAs(cookie, { version: "1", body: original.replace("The Future of AI", "The Past of AI") });
    const stale = await saveAs(cookie, { version: "1", body: original.replace("The Future of AI", "The Present of AI") });
    expect(stale).toMatchObject({ status: 409, body: { merged: null } });
  });

  it("with the text it was made from (a live editor's accept) is merged, not refused", async () => {
    const cookie = await cookieFor(SAMPLE.Admin);
    const original = (await prisma.contentItem.findUniqueOrThrow({ where: { id: ID } })).body;
    const theirs = `${original.trimEnd()}\n\nTyped meanwhile.`;
    await saveAs(cookie, { version: "1", body: theirs });
    const accepted = original.replace("The Future of AI", "The Near Future of AI");
    const reply = await saveAs(cookie, { version: "1", body: accepted, base: original, label: "enhanced" });
    expect(reply).toMatchObject({ status: 200, body: { ok: true, body: `${accepted.trimEnd()}\n\nTyped meanwhile.` } });
  });
});

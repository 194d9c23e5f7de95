// Issue 35: storing the live document never overwrites a body written without it, never drops what
// another copy stored, and catching up on load neither reverts nor duplicates.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as Y from "yjs";
import { prisma } from "~/db/db.server";
import { applyMarkdown, docFromMarkdown, markdownOfDoc } from "~/domain/collab-doc";
import { storeContentDoc, storeOrGone } from "~/models/content-doc.server";
import { saveBody } from "~/models/content-write.server";
import { action as editorAction } from "~/routes/editor/route";
import { collaboration, flushDocument, liveText } from "~/services/collaboration.server";
import { settleCollaboration } from "./collab-settle";
import { SAMPLE, cookieFor, freshSeed, post, run } from "./route-helpers";

const ID = "content-sample";
const row = () => prisma.contentItem.findUniqueOrThrow({ where: { id: ID }, select: { body: true, version: true } });

beforeEach(async () => {
  await settleCollaboration();
  await freshSeed();
});
const opened: { disconnect(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((open) => open.disconnect()));
});
/** The item's document opened in this process, as a member's socket would open it. */
async function openHere() {
  const open = await collaboration.openDirectConnection(ID, {});
  opened.push(open);
  return open;
}

describe("storing the co-editing document", () => {
  it("over a version it did not match writes nothing and hands back the newer body", async () => {
    const { body, version } = await row();
    const a = docFromMarkdown(body);
    const b = new Y.Doc();
    Y.applyUpdate(b, Y.encodeStateAsUpdate(a));
    applyMarkdown(a, `${body}\n\nFrom replica A.`, "typing");
    applyMarkdown(b, `${body}\n\nFrom replica B.`, "typing");
    expect(await storeContentDoc(ID, Y.encodeStateAsUpdate(a), markdownOfDoc(a), version)).toEqual({ ok: true, version: version + 1 });
    const stale = await storeContentDoc(ID, Y.encodeStateAsUpdate(b), markdownOfDoc(b), version);
    expect(stale).toMatchObject({ ok: false, version: version + 1, body: markdownOfDoc(a) });
    expect((await row()).body).toBe(markdownOfDoc(a));
  });

  it("keeps what another copy stored: the state is merged, never replaced", async () => {
    const { body, version } = await row();
    const a = docFromMarkdown(body);
    const b = new Y.Doc();
    Y.applyUpdate(b, Y.encodeStateAsUpdate(a));
    applyMarkdown(a, `${body}\n\nOnly in A.`, "typing");
    await storeContentDoc(ID, Y.encodeStateAsUpdate(a), null, version);
    await storeContentDoc(ID, Y.encodeStateAsUpdate(b), null, version);
    const stored = await prisma.contentDoc.findUniqueOrThrow({ where: { contentId: ID } });
    const read = new Y.Doc();
    Y.applyUpdate(read, stored.state);
    expect(markdownOfDoc(read)).toContain("Only in A.");
  });
});

describe("the open document and a body written without it", () => {
  it("merges both at the next store: the typing and the other save survive", async () => {
    await openHere();
    const { body, version } = await row();
    // A save on a replica that did not have the document open, then typing here that has not seen it.
    expect(await saveBody(ID, `${body}\n\nSaved elsewhere.`, version, SAMPLE.Admin)).toMatchObject({ ok: true });
    collaboration.documents.get(ID)!.transact(() => applyMarkdown(collaboration.documents.get(ID)!, `Typed live.\n\n${body}`, "typing"));
    await flushDocument(ID);
    const stored = (await row()).body;
    expect(stored).toBe(`Typed live.\n\n${body.trimEnd()}\n\nSaved elsewhere.`);
    expect(markdownOfDoc(collaboration.documents.get(ID)!)).toBe(stored);
  });

  it("loads a state newer than the body as it is (no revert to the older body)", async () => {
    const { body, version } = await row();
    const newer = docFromMarkdown(`${body}\n\nCycle ten.`);
    const state = Buffer.from(Y.encodeStateAsUpdate(newer));
    await prisma.contentDoc.create({ data: { contentId: ID, state, version: version + 1, updatedAt: new Date() } });
    await openHere();
    expect(markdownOfDoc(collaboration.documents.get(ID)!)).toContain("Cycle ten.");
  });
});

describe("the editor's save without scripts", () => {
  it("goes through the open document like every other body write", async () => {
    await openHere();
    const { body, version } = await row();
    const fields = { intent: "save", id: ID, version: String(version), body: `${body}\n\nSaved without scripts.` };
    const reply = await run(editorAction, post("/editor", fields, await cookieFor(SAMPLE.Admin)));
    expect(reply).toMatchObject({ status: 200, body: { ok: true } });
    expect(liveText(ID)).toContain("Saved without scripts.");
    await flushDocument(ID);
    expect((await row()).body).toContain("Saved without scripts.");
  });

  it("refuses a save over a newer version, keeping the newer text", async () => {
    const { body, version } = await row();
    const cookie = await cookieFor(SAMPLE.Admin);
    const save = (text: string) =>
      run(editorAction, post("/editor", { intent: "save", id: ID, version: String(version), body: text }, cookie));
    expect((await save(`${body}\n\nFirst.`)).status).toBe(200);
    expect((await save(`${body}\n\nSecond.`)).status).toBe(409);
    expect((await row()).body).toContain("First.");
  });
});

describe("a store racing the item's deletion", () => {
  it("takes a foreign key refusing the document (the item deleted meanwhile) as the item gone, and rethrows anything else", async () => {
    await expect(storeOrGone(() => Promise.reject(Object.assign(new Error("fk"), { code: "P2003" })))).resolves.toBeNull();
    const other = Object.assign(new Error("unique"), { code: "P2002" });
    await expect(storeOrGone(() => Promise.reject(other))).rejects.toBe(other);
  });
});

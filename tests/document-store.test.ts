// Issue 35: storing the live document never overwrites a body written without it, never drops what
// another copy stored, and catching up on load neither reverts nor duplicates.
import { beforeEach, describe, expect, it } from "vitest";
import * as Y from "yjs";
import { prisma } from "~/db/db.server";
import { applyMarkdown, docFromMarkdown, markdownOfDoc } from "~/domain/collab-doc";
import { storeContentDoc } from "~/models/content-doc.server";
import { saveBody } from "~/models/content-write.server";
import { collaboration, flushDocument } from "~/services/collaboration.server";
import { settleCollaboration } from "./collab-settle";
import { SAMPLE, freshSeed } from "./route-helpers";

const ID = "content-sample";
const row = () => prisma.contentItem.findUniqueOrThrow({ where: { id: ID }, select: { body: true, version: true } });

beforeEach(async () => {
  await settleCollaboration();
  await freshSeed();
});

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
    const open = await collaboration.openDirectConnection(ID, {});
    const { body, version } = await row();
    // A save on a replica that did not have the document open, then typing here that has not seen it.
    expect(await saveBody(ID, `${body}\n\nSaved elsewhere.`, version, SAMPLE.Admin)).toMatchObject({ ok: true });
    collaboration.documents.get(ID)!.transact(() => applyMarkdown(collaboration.documents.get(ID)!, `Typed live.\n\n${body}`, "typing"));
    await flushDocument(ID);
    const stored = (await row()).body;
    expect(stored).toBe(`Typed live.\n\n${body.trimEnd()}\n\nSaved elsewhere.`);
    expect(markdownOfDoc(collaboration.documents.get(ID)!)).toBe(stored);
    await open.disconnect();
  });

  it("loads a state newer than the body as it is (no revert to the older body)", async () => {
    const { body, version } = await row();
    const newer = docFromMarkdown(`${body}\n\nCycle ten.`);
    const state = Buffer.from(Y.encodeStateAsUpdate(newer));
    await prisma.contentDoc.create({ data: { contentId: ID, state, version: version + 1, updatedAt: new Date() } });
    const open = await collaboration.openDirectConnection(ID, {});
    expect(markdownOfDoc(collaboration.documents.get(ID)!)).toContain("Cycle ten.");
    await open.disconnect();
  });
});

// Issue 33: opening, reading and closing an item never writes. No version, no revision ("Edited by"),
// no change of `updatedAt`, whatever Markdown the body holds — only a person or an agent changes text.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as Y from "yjs";
import { prisma } from "~/db/db.server";
import { docFromMarkdown } from "~/domain/collab-doc";
import { action as editorAction, loader as editorLoader } from "~/routes/editor/route";
import { collaboration, collaborationEntry, flushDocument, storeAllDocuments } from "~/services/collaboration.server";
import { attachCollaboration } from "../server/collaboration-socket";
import { settleCollaboration } from "./collab-settle";
import { connectEditor, openLikeBrowser } from "./collab-client";
import { INLINE_IMAGE_BODY, MARKDOWN_BODIES } from "./fixtures/markdown-bodies";
import { SAMPLE, cookieFor, freshSeed, get, post, run } from "./route-helpers";

let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer();
  attachCollaboration(server, collaborationEntry, (request) => request.headers.host);
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  collaboration.closeConnections();
  server.closeAllConnections();
  await new Promise<void>((done) => server.close(() => done()));
});
beforeEach(async () => {
  // Whatever the last test left open or loading is stored and unloaded before the data is reset.
  await settleCollaboration();
  await freshSeed();
});

async function itemWithBody(body: string) {
  const at = new Date(Date.now() - 60_000);
  const item = await prisma.contentItem.create({
    data: {
      title: "Opened only",
      type: "blog",
      body,
      authorId: SAMPLE.Admin,
      createdAt: at,
      updatedAt: at,
      revisions: { create: { version: 1, title: "Opened only", body, authorId: SAMPLE.Admin, label: "Created", createdAt: at } },
    },
    select: { id: true },
  });
  return item.id;
}

const state = (id: string) =>
  Promise.all([
    prisma.contentItem.findUniqueOrThrow({ where: { id }, select: { body: true, version: true, updatedAt: true } }),
    prisma.contentRevision.count({ where: { contentId: id } }),
    prisma.activityEvent.count({ where: { contentId: id } }),
  ]);

/** A member opens the item as a browser does: the page, the live document, the editor's binding; then leaves. */
async function openAndClose(id: string, userId: string) {
  const cookie = await cookieFor(userId);
  expect((await run(editorLoader, get(`/editor?id=${id}`, cookie))).status).toBe(200);
  const editor = await connectEditor(base, id, cookie);
  openLikeBrowser(editor.document);
  await expect.poll(() => editor.provider.hasUnsyncedChanges).toBe(false);
  // History opened: what was typed so far would become a revision now.
  expect((await run(editorAction, post("/editor", { intent: "checkpoint", id }, cookie))).status).toBe(200);
  editor.close();
  await flushDocument(id);
}

describe("opening an item", () => {
  it("writes nothing for a body with an image among its words (issue 33)", async () => {
    const id = await itemWithBody(INLINE_IMAGE_BODY);
    const before = await state(id);
    await openAndClose(id, SAMPLE.Admin);
    await openAndClose(id, SAMPLE.Editor);
    await storeAllDocuments();
    expect(await state(id)).toEqual(before);
  });

  it("writes nothing for any body the studio can store", { timeout: 180_000 }, async () => {
    for (const [name, body] of Object.entries(MARKDOWN_BODIES)) {
      const id = await itemWithBody(body);
      const before = await state(id);
      await openAndClose(id, SAMPLE.Admin);
      await storeAllDocuments();
      expect(await state(id), name).toEqual(before);
    }
  });

  it("never stores the document over the body while nobody changed it, even where they read differently", async () => {
    const id = await itemWithBody(INLINE_IMAGE_BODY);
    // A document stored by an older editor that had already lost the paragraph with the image.
    const lossy = Y.encodeStateAsUpdate(docFromMarkdown("Intro.\n\nClosing."));
    await prisma.contentDoc.create({ data: { contentId: id, state: Buffer.from(lossy), version: 1 } });
    const before = await state(id);
    await openAndClose(id, SAMPLE.Admin);
    await storeAllDocuments();
    expect(await state(id)).toEqual(before);
  });

  it("still saves what a member typed, once, as their revision", async () => {
    const id = await itemWithBody(INLINE_IMAGE_BODY);
    const editor = await connectEditor(base, id, await cookieFor(SAMPLE.Admin));
    const [, revisions] = await state(id);
    const paragraph = editor.document.getXmlFragment("default").get(2) as Y.XmlElement;
    (paragraph.get(0) as Y.XmlText).insert(0, "Typed. ");
    await expect.poll(() => editor.provider.hasUnsyncedChanges).toBe(false);
    editor.close();
    await flushDocument(id);
    const [item, after] = await state(id);
    expect(item.body).toBe(INLINE_IMAGE_BODY.replace("Closing.", "Typed. Closing."));
    expect(after).toBe(revisions + 1);
  });
});

import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import * as encoding from "lib0/encoding";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import * as Y from "yjs";
import { prisma } from "~/db/db.server";
import { applyMarkdown, docFromMarkdown, markdownOfDoc } from "~/domain/collab-doc";
import { collaboration, collaborationEntry, flushDocument } from "~/services/collaboration.server";
import { attachCollaboration, MAX_MESSAGE_BYTES } from "../server/collaboration-socket";
import { settleCollaboration } from "./collab-settle";
import { connectEditor, socketClass } from "./collab-client";
import { action as editorAction } from "~/routes/editor/route";
import { SAMPLE, cookieFor, freshSeed, post, run } from "./route-helpers";

const ITEM = "content-sample";
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

const body = () => prisma.contentItem.findUniqueOrThrow({ where: { id: ITEM }, select: { body: true, version: true } });

/** A raw socket: resolves with the close code and reason after sending `messages` once open. */
function rawSocket(opts: { cookie?: string; origin?: string; messages?: (Uint8Array | Buffer)[] }) {
  const Socket = socketClass(base, opts.cookie, opts.origin);
  const ws = new Socket(`${base.replace("http", "ws")}/collab`);
  ws.on("open", () => opts.messages?.forEach((m) => ws.send(m)));
  ws.on("error", () => undefined);
  return new Promise<{ code: number; reason: string }>((done) =>
    ws.on("close", (code, reason) => done({ code, reason: reason.toString() })),
  );
}

function message(write: (e: encoding.Encoder) => void) {
  const e = encoding.createEncoder();
  encoding.writeVarString(e, ITEM);
  write(e);
  return encoding.toUint8Array(e);
}
const auth = message((e) => (encoding.writeVarUint(e, 2), encoding.writeVarUint(e, 0), encoding.writeVarString(e, "session")));
const update = (bytes: Uint8Array) =>
  message((e) => (encoding.writeVarUint(e, 0), encoding.writeVarUint(e, 2), encoding.writeVarUint8Array(e, bytes)));

/** A real change to the item's document, as an editor would send it. */
async function realChange(cookie: string) {
  const editor = await connectEditor(base, ITEM, cookie);
  const copy = new Y.Doc();
  Y.applyUpdate(copy, Y.encodeStateAsUpdate(editor.document));
  editor.close();
  const before = Y.encodeStateVector(copy);
  applyMarkdown(copy, `${markdownOfDoc(copy)}\n\nSneaked in.`, "test");
  return Y.encodeStateAsUpdate(copy, before);
}

describe("the collaboration socket", () => {
  it("lets a member who may edit change the text, and derives the body from the document", async () => {
    const editor = await connectEditor(base, ITEM, await cookieFor(SAMPLE.Admin));
    const before = await body();
    applyMarkdown(editor.document, `${before.body}\n\nTyped live.`, "typing");
    await expect
      .poll(() => collaboration.documents.get(ITEM) && markdownOfDoc(collaboration.documents.get(ITEM)!))
      .toContain("Typed live.");
    await flushDocument(ITEM);
    expect((await body()).body).toBe(`${before.body.trimEnd()}\n\nTyped live.`);
    expect(await prisma.contentDoc.count({ where: { contentId: ITEM } })).toBe(1);
    editor.close();
  });

  it("logs who sent an update that deletes text, and nothing for typing (issue 35)", async () => {
    const info = vi.spyOn(console, "info").mockImplementation(() => undefined);
    const editor = await connectEditor(base, ITEM, await cookieFor(SAMPLE.Editor));
    const logged = () => info.mock.calls.flat().join("\n");
    const before = await body();
    applyMarkdown(editor.document, `${before.body}\n\nTyped live.`, "typing");
    await expect
      .poll(() => collaboration.documents.get(ITEM) && markdownOfDoc(collaboration.documents.get(ITEM)!))
      .toContain("Typed live.");
    expect(logged()).not.toContain("deleted");
    applyMarkdown(editor.document, before.body, "typing");
    await expect.poll(logged).toMatch(new RegExp(`${SAMPLE.Editor} \\(Marcus Rivera\\) deleted \\d+ items? in ${ITEM}`));
    info.mockRestore();
    editor.close();
  });

  it("closes a socket without a session with a reason and stores nothing", async () => {
    expect(await rawSocket({ messages: [auth] })).toEqual({ code: 4401, reason: "Sign in to edit together." });
    expect(await prisma.contentDoc.count()).toBe(0);
  });

  it("closes a socket from another origin even with a session", async () => {
    const closed = await rawSocket({ cookie: await cookieFor(SAMPLE.Admin), origin: "http://evil.test", messages: [auth] });
    expect(closed).toEqual({ code: 4403, reason: "This connection did not come from the studio's own pages." });
  });

  it("closes a read-only member's socket when it sends a change, and keeps the text", async () => {
    const change = await realChange(await cookieFor(SAMPLE.Admin));
    const before = await body();
    const closed = await rawSocket({ cookie: await cookieFor(SAMPLE.Analyst), messages: [auth, update(change)] });
    expect(closed).toEqual({ code: 4403, reason: "Read only: your role may not change this item." });
    await flushDocument(ITEM);
    expect(await body()).toEqual(before);
  });

  it("closes the socket on a malformed update and keeps the text", async () => {
    const before = await body();
    const garbage = update(new Uint8Array([9, 200, 7, 1, 255, 3, 3, 3]));
    const closed = await rawSocket({ cookie: await cookieFor(SAMPLE.Admin), messages: [auth, garbage] });
    expect(closed).toEqual({ code: 4400, reason: "A malformed update was refused." });
    await flushDocument(ITEM);
    expect(await body()).toEqual(before);
  });

  it("closes the socket on an oversized message", async () => {
    const closed = await rawSocket({ cookie: await cookieFor(SAMPLE.Admin), messages: [auth, Buffer.alloc(MAX_MESSAGE_BYTES + 1)] });
    expect(closed.code).toBe(1009);
  });
});

describe("a client that brings its offline typing to a document caught up on load", () => {
  const cycles = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `here${from + i} away${from + i}`).join(" ");
  const words = (text: string) => text.split(/\s+/).filter((w) => /^(here|away)\d+$/.test(w));

  it("keeps each word once: the body's copy of its words is not added beside its own (issue 48)", async () => {
    const { body: sample, version } = await body();
    const five = `${sample}\n\nOffline ${cycles(1, 5)}`;
    const ten = `${sample}\n\nOffline ${cycles(1, 10)}`;
    // The state stored at cycle 5 beside a body of cycle 10: the load catches up on the body.
    const client = docFromMarkdown(five);
    const state = Buffer.from(Y.encodeStateAsUpdate(client));
    await prisma.contentDoc.create({ data: { contentId: ITEM, state, version, updatedAt: new Date() } });
    await prisma.contentItem.update({ where: { id: ITEM }, data: { body: ten, version: version + 1 } });
    // The client typed cycles 6 to 10 itself, offline, on the cycle-5 state.
    applyMarkdown(client, ten, "typing");
    const editor = await connectEditor(base, ITEM, await cookieFor(SAMPLE.Admin), client);
    const live = () => markdownOfDoc(collaboration.documents.get(ITEM)!);
    // Both sides hold what the other sent once the client's own words have reached the server.
    await expect.poll(() => live().includes("here10") && markdownOfDoc(editor.document) === live()).toBe(true);
    await expect.poll(() => words(markdownOfDoc(editor.document))).toEqual(words(ten));
    expect(words(live())).toEqual(words(ten));
    await flushDocument(ITEM);
    expect(words((await body()).body)).toEqual(words(ten));
    editor.close();
  });

  it("keeps both when the body and the client added different words", async () => {
    const { body: sample, version } = await body();
    const client = docFromMarkdown(sample);
    const state = Buffer.from(Y.encodeStateAsUpdate(client));
    await prisma.contentDoc.create({ data: { contentId: ITEM, state, version, updatedAt: new Date() } });
    await prisma.contentItem.update({ where: { id: ITEM }, data: { body: `${sample}\n\nSaved elsewhere.`, version: version + 1 } });
    applyMarkdown(client, `Typed offline.\n\n${sample}`, "typing");
    const editor = await connectEditor(base, ITEM, await cookieFor(SAMPLE.Admin), client);
    const both = `Typed offline.\n\n${sample.trimEnd()}\n\nSaved elsewhere.`;
    await expect.poll(() => markdownOfDoc(collaboration.documents.get(ITEM)!)).toBe(both);
    await expect.poll(() => markdownOfDoc(editor.document)).toBe(both);
    editor.close();
  });
});

describe("comment threads over the live connection", () => {
  it("nudges everyone with the item open when a thread is started, answered, resolved or reopened", async () => {
    const other = await connectEditor(base, ITEM, await cookieFor(SAMPLE.Editor));
    const nudges: string[] = [];
    other.provider.on("stateless", ({ payload }: { payload: string }) => nudges.push(payload));
    const cookie = await cookieFor(SAMPLE.Admin);
    const say = (fields: Record<string, string>) => run(editorAction, post("/editor", { id: ITEM, ...fields }, cookie));
    const started = await say({ intent: "comment", comment: "Is this right?" });
    const threadId = (started.body as { commentId: string }).commentId;
    await say({ intent: "comment", comment: "Yes.", parentId: threadId });
    await say({ intent: "resolve", commentId: threadId, resolved: "true" });
    await say({ intent: "resolve", commentId: threadId, resolved: "false" });
    await expect.poll(() => nudges.length).toBe(4);
    expect(new Set(nudges)).toEqual(new Set([JSON.stringify({ about: "comments" })]));
    other.close();
  });
});

// Two replicas' Hocuspocus instances relaying through Redis (decision 053): Sarah on A and Marcus on
// B type into the same paragraph at once; both texts reach both replicas and both editors, and the
// stored body keeps both. Skipped, saying why, without a reachable Redis.
import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Hocuspocus } from "@hocuspocus/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type * as Y from "yjs";
import { prisma } from "~/db/db.server";
import { applyMarkdown, markdownOfDoc } from "~/domain/collab-doc";
import { liveDocumentRelay } from "~/adapters/live-relay.server";
import { collaborationEntryFor, createCollaboration } from "~/services/collaboration.server";
import { attachCollaboration } from "../server/collaboration-socket";
import { connectEditor } from "./collab-client";
import { REDIS_URL, redisUnavailable } from "./redis";
import { SAMPLE, cookieFor, freshSeed } from "./route-helpers";

const unavailable = await redisUnavailable();
const ITEM = "content-sample";

async function replica(prefix: string): Promise<{ instance: Hocuspocus; base: string; server: Server }> {
  const instance = createCollaboration(await liveDocumentRelay(REDIS_URL, prefix));
  const server = createServer();
  attachCollaboration(server, collaborationEntryFor(instance), (request) => request.headers.host);
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  return { instance, server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** Appends words to the document's first paragraph, as typing at its end would. */
function typeAtFirstParagraphEnd(document: Y.Doc, words: string) {
  const [first, ...rest] = markdownOfDoc(document).split("\n\n");
  applyMarkdown(document, [`${first} ${words}`, ...rest].join("\n\n"), "typing");
}

describe.skipIf(unavailable !== null)(`live documents across two replicas${unavailable ? ` (skipped: ${unavailable})` : ""}`, () => {
  const replicas: Awaited<ReturnType<typeof replica>>[] = [];
  beforeAll(async () => {
    await freshSeed();
    const prefix = `studio-test-${randomUUID()}`;
    replicas.push(await replica(prefix), await replica(prefix));
  });
  afterAll(async () => {
    for (const r of replicas) {
      r.instance.closeConnections();
      r.server.closeAllConnections();
      await new Promise<void>((done) => r.server.close(() => done()));
    }
  });

  it("Sarah on A and Marcus on B type into the same paragraph; both texts survive on both and in the stored body", async () => {
    const [a, b] = replicas;
    const sarah = await connectEditor(a.base, ITEM, await cookieFor(SAMPLE.Admin));
    const marcus = await connectEditor(b.base, ITEM, await cookieFor(SAMPLE.Editor));
    typeAtFirstParagraphEnd(sarah.document, "Sarah was here.");
    typeAtFirstParagraphEnd(marcus.document, "Marcus too.");
    const firstParagraph = (doc: Y.Doc | undefined) => (doc ? markdownOfDoc(doc).split("\n\n")[0] : "");
    for (const doc of [
      () => sarah.document,
      () => marcus.document,
      () => a.instance.documents.get(ITEM),
      () => b.instance.documents.get(ITEM),
    ]) {
      await expect.poll(() => firstParagraph(doc()), { timeout: 10_000 }).toMatch(/Sarah was here\./);
      await expect.poll(() => firstParagraph(doc()), { timeout: 10_000 }).toMatch(/Marcus too\./);
    }
    expect(markdownOfDoc(sarah.document)).toBe(markdownOfDoc(marcus.document));
    sarah.close();
    marcus.close();
    await expect
      .poll(async () => (await prisma.contentItem.findUniqueOrThrow({ where: { id: ITEM }, select: { body: true } })).body, {
        timeout: 15_000,
      })
      .toMatch(/Sarah was here\.[\s\S]*Marcus too\.|Marcus too\.[\s\S]*Sarah was here\./);
  });
});

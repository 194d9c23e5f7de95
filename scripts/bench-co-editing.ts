// npm run bench:co-editing: one server holds EDITORS co-editing clients on DOCS documents, each typing
// 2 characters a second for SECONDS s (Hocuspocus over /collab, as browsers connect). Prints errors,
// whether every client of each document ends with the same text (and the server's derived body
// agrees), the server's CPU time and peak RSS. Env: BENCH_PORT (4160), EDITORS (200), DOCS (20), SECONDS (60).
import "../server/require-node"; // first: refuses an older Node before anything loads
import * as Y from "yjs";
import { markdownOfDoc } from "../app/domain/collab-doc";
import { DOC_FIELD } from "../app/domain/rich-text";
import { connectEditor } from "../tests/collab-client";
import { startServer } from "./lib/studio-server";

const PORT = Number(process.env.BENCH_PORT ?? 4160);
const EDITORS = Number(process.env.EDITORS ?? 200);
const DOCS = Number(process.env.DOCS ?? 20);
const SECONDS = Number(process.env.SECONDS ?? 60);
const MEMBERS = ["user-sarah", "user-marcus", "user-james"]; // Admin and Editors: may edit any item

const dbFile = `/tmp/studio-bench-co-editing-${PORT}.db`;
const server = await startServer({ port: PORT, dbFile });
process.env.DATABASE_URL = `file:${dbFile}`;
const { createSession } = await import("../app/models/session.server");
const { sessionCookieHeader } = await import("../app/web/session.server");
const cookies = await Promise.all(
  MEMBERS.map(async (id) => (await sessionCookieHeader((await createSession(id, { userAgent: "bench", ip: "" })).token)).split(";")[0]),
);
const ids = Array.from({ length: DOCS }, (_, i) => `content-${String(37 + (i % 23)).padStart(3, "0")}`);

let errors = 0;
const clients = [];
for (let i = 0; i < EDITORS; i++) {
  const doc = ids[i % DOCS];
  try {
    const client = await connectEditor(server.url, doc, cookies[i % cookies.length]);
    client.provider.on("close", ({ event }: { event: { code: number } }) => event.code !== 1000 && errors++);
    clients.push({ doc, ...client });
  } catch (error) {
    errors++;
    console.error(`editor ${i} on ${doc}: ${(error as Error).message}`);
  }
}
console.log(`${clients.length} editors connected to ${DOCS} documents; typing 2 chars/s each for ${SECONDS} s`);

const cpuBefore = server.cpuMs();
let peakRss = server.rssMB();
let typed = 0;
const end = Date.now() + SECONDS * 1000;
const timers = clients.map((c, i) =>
  setTimeout(() => {
    const tick = setInterval(() => {
      if (Date.now() > end) return clearInterval(tick);
      try {
        // Type one character at a random place in the first paragraph, as a caret would.
        const paragraph = c.document.getXmlFragment(DOC_FIELD).get(0) as Y.XmlElement;
        const text = paragraph.get(0) as Y.XmlText;
        text.insert(Math.floor(Math.random() * (text.length + 1)), "abcdefghij"[i % 10]);
        typed++;
      } catch (error) {
        errors++;
        console.error((error as Error).message);
      }
    }, 500);
  }, Math.random() * 500),
);
const sampler = setInterval(() => (peakRss = Math.max(peakRss, server.rssMB())), 1000);
await new Promise((r) => setTimeout(r, SECONDS * 1000 + 600));
timers.forEach(clearTimeout);

// Everything acknowledged, then every client of a document must hold the same text.
const settle = Date.now() + 30_000;
while (clients.some((c) => c.provider.hasUnsyncedChanges) && Date.now() < settle) await new Promise((r) => setTimeout(r, 200));
await new Promise((r) => setTimeout(r, 2000));
clearInterval(sampler);
const cpu = server.cpuMs() - cpuBefore;
let identical = 0;
for (const id of ids) {
  const texts = new Set(clients.filter((c) => c.doc === id).map((c) => markdownOfDoc(c.document)));
  if (texts.size === 1) identical++;
}
for (const c of clients) c.close();
await new Promise((r) => setTimeout(r, 3000)); // the server stores and unloads the documents
const Database = (await import("better-sqlite3")).default;
const db = new Database(dbFile, { readonly: true });
let bodiesAgree = 0;
for (const id of ids) {
  const body = (db.prepare("SELECT body FROM ContentItem WHERE id = ?").get(id) as { body: string }).body;
  const client = clients.find((c) => c.doc === id);
  if (client && body === markdownOfDoc(client.document)) bodiesAgree++;
}
db.close();
console.log(`characters typed: ${typed} (${(typed / SECONDS).toFixed(0)}/s)`);
console.log(`errors: ${errors}`);
console.log(`documents identical in every client: ${identical}/${DOCS}; stored body equals the clients' text: ${bodiesAgree}/${DOCS}`);
console.log(
  `server CPU: ${(cpu / 1000).toFixed(1)} s over ${SECONDS} s (${((cpu / (SECONDS * 1000)) * 100).toFixed(0)}% of one core); peak RSS ${peakRss.toFixed(0)} MB`,
);
await server.stop();
process.exit(errors === 0 && identical === DOCS && bodiesAgree === DOCS ? 0 : 1);

import Database from "better-sqlite3";
import { createSession } from "../app/models/session.server";
import { sessionCookieHeader } from "../app/session.server";
import { connectEditor } from "../tests/collab-client";
import { applyMarkdown, markdownOfDoc } from "../app/domain/collab-doc";
const db = new Database("/tmp/editor-dev.db");
const { token } = await createSession("user-sarah", { userAgent: "probe", ip: "" });
const cookie = (await sessionCookieHeader(token)).split(";")[0];
const e = await connectEditor("http://localhost:3650", "content-057", cookie);
const t0 = Date.now();
applyMarkdown(e.document, markdownOfDoc(e.document) + "\n\nProbe " + t0, "x");
for (;;) {
  const b = (db.prepare("select body from ContentItem where id='content-057'").get() as { body: string }).body;
  if (b.includes(String(t0))) break;
  await new Promise((r) => setTimeout(r, 50));
}
console.log("body derived after", Date.now() - t0, "ms");
e.close();
process.exit(0);

// Channel posts at scale (issue 16), in a temporary seeded database:
//   1. the calendar's month with 5,000 channel posts: p50/p95 of calendarData (budget 50 ms);
//   2. publishing one item to 4 channels whose webhooks answer on loopback, until all 4 are sent
//      (budget 200 ms);
//   3. 1,000 posts due in the same minute: one scheduler pass, none missed.
// Usage: npm run bench:channels. Wall times are inflated by other busy processes; CPU time is printed too.
import "../server/require-node"; // first: refuses an older Node before anything loads
import Database from "better-sqlite3";
import { execSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { toDbDate } from "../app/db/db-row.server";
import { percentile } from "./lib/stats";
import { FIRST_WORKSPACE_ID, enterScriptScope } from "../app/db/workspace-scope.server";

// The bench's rows are the first workspace's (decision 073).
enterScriptScope(FIRST_WORKSPACE_ID);

const POSTS = 5000;
const DUE = 1000;
const CHANNELS = ["twitter", "linkedin", "facebook", "instagram"];
const file = path.join(os.tmpdir(), `bench-channels-${process.pid}.db`);
const env = { ...process.env, DATABASE_URL: `file:${file}` };
execSync("npx prisma migrate deploy && npx tsx prisma/seed.ts", { env, stdio: "pipe" });

// A loopback receiver that answers every webhook at once and counts delivery keys.
const keys = new Map<string, number>();
const server = http.createServer((req, res) => {
  req.resume();
  req.on("end", () => {
    const key = String(req.headers["x-studio-delivery"]);
    keys.set(key, (keys.get(key) ?? 0) + 1);
    res.writeHead(204).end();
  });
});
// Longer than a run, so a reused keep-alive connection is never closed under a request (ECONNRESET).
server.keepAliveTimeout = 120_000;
await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
const hook = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const now = Date.now();
const next = new Date(now);
next.setUTCMonth(next.getUTCMonth() + 1, 1);
const month = next.toISOString().slice(0, 7);
const monthStart = Date.UTC(next.getUTCFullYear(), next.getUTCMonth(), 1);

// Items and posts straight into SQLite: 1,250 items × 4 channels next month, 250 × 4 due a minute ago.
const db = new Database(file);
db.pragma("journal_mode = WAL");
const author = (db.prepare(`SELECT id FROM "User" LIMIT 1`).get() as { id: string }).id;
const addItem = db.prepare(
  `INSERT INTO "ContentItem" (id, title, type, status, body, version, authorId, excerpt, createdAt, updatedAt, publishedAt) VALUES (?, ?, 'blog', ?, 'Body text. More text.', 1, ?, '', ?, ?, ?)`,
);
const addPost = db.prepare(
  `INSERT INTO "ChannelPost" (id, contentId, channel, text, status, scheduledAt, attempts, createdById, createdAt, updatedAt) VALUES (?, ?, ?, ?, 'scheduled', ?, 0, ?, ?, ?)`,
);
// Due posts link to the site, so each send also makes its short link (decision 025).
const addDuePost = db.prepare(
  `INSERT INTO "ChannelPost" (id, contentId, channel, text, link, status, scheduledAt, attempts, createdById, createdAt, updatedAt) VALUES (?, ?, ?, ?, ?, 'scheduled', ?, 0, ?, ?, ?)`,
);
const stamp = toDbDate(new Date(now));
db.transaction(() => {
  for (let i = 0; i < POSTS / 4; i++) {
    addItem.run(`bench-cal-${i}`, `Calendar item ${i}`, "review", author, stamp, stamp, null);
    CHANNELS.forEach((c, j) => {
      const at = monthStart + ((i * 4 + j) % 28) * 86_400_000 + ((i * 7 + j * 3) % 24) * 3_600_000;
      addPost.run(`bench-cal-${i}-${c}`, `bench-cal-${i}`, c, `Post ${i} on ${c}`, toDbDate(new Date(at)), author, stamp, stamp);
    });
  }
  for (let i = 0; i < DUE / 4; i++) {
    addItem.run(`bench-due-${i}`, `Due item ${i}`, "published", author, stamp, stamp, stamp);
    CHANNELS.forEach((c, j) => {
      const at = now - 60_000 + ((i * 4 + j) * 60_000) / DUE;
      const link = `https://blog.brightpath.test/due-${i}`;
      addDuePost.run(`bench-due-${i}-${c}`, `bench-due-${i}`, c, `Due ${i} on ${c}`, link, toDbDate(new Date(at)), author, stamp, stamp);
    });
  }
})();
for (const c of CHANNELS)
  db.prepare(
    `UPDATE "Integration" SET connected = 1, handle = ?, webhookUrl = ?, webhookSecret = 'bench' WHERE id = ? AND workspaceId = 'first'`,
  ).run(c, `${hook}/${c}`, c);
db.close();

process.env.DATABASE_URL = `file:${file}`;
process.env.STUDIO_ALLOW_PRIVATE_TARGETS = "1"; // the receiver is on loopback
const { ensureDatabaseReady, prisma } = await import("../app/db/db.server");
const { calendarData } = await import("../app/services/channel-calendar.server");
const { deliverDueChannelPosts } = await import("../app/services/channel-delivery.server");
const { createVariants } = await import("../app/services/channel-posts.server");
const { transitionContent } = await import("../app/services/content-lifecycle.server");
await ensureDatabaseReady();

const fmt = (ms: number) => ms.toFixed(1);
async function time(label: string, runs: number, budget: number, fn: (i: number) => Promise<unknown>) {
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs + 3; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    await fn(i);
    const t = performance.now() - t0;
    const c = process.cpuUsage(c0);
    if (i >= 3) {
      wall.push(t);
      cpu.push((c.user + c.system) / 1000);
    }
  }
  wall.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  const p95 = percentile(wall, 95);
  console.log(
    `${label.padEnd(44)} p50 ${fmt(percentile(wall, 50))} ms  p95 ${fmt(p95)} ms  max ${fmt(wall.at(-1)!)} ms` +
      `  (CPU p50 ${fmt(percentile(cpu, 50))}, p95 ${fmt(percentile(cpu, 95))} ms)  p95/budget ${(p95 / budget).toFixed(2)}`,
  );
}

// 3 first, while the due posts are the only due ones (the calendar's are next month).
const t0 = performance.now();
const tally = await deliverDueChannelPosts(new Date(now));
const took = performance.now() - t0;
const published = await prisma.channelPost.count({ where: { id: { startsWith: "bench-due-" }, status: "published" } });
const dueKeys = [...keys.keys()].length;
const shortLinks = await prisma.shortLink.count({ where: { channelPostId: { startsWith: "bench-due-" } } });
console.log(
  `${DUE} posts due in one minute: one pass took ${fmt(took)} ms; published ${published}/${DUE}, ${shortLinks} short links, ` +
    `${dueKeys} distinct deliveries received, ${[...keys.values()].filter((n) => n > 1).length} repeated; tally ${JSON.stringify(tally)}`,
);

const count = await prisma.channelPost.count({ where: { scheduledAt: { gte: new Date(monthStart) } } });
console.log(`calendar month ${month}: ${count} channel posts in the database's month`);
const query = { cal: "month" as const, at: month, channel: "all" as const, postStatus: "all" as const, author: "all" };
await time(`calendar month (${POSTS} posts)`, 60, 50, () => calendarData(query, new Date(now)));
await time("calendar week", 60, 50, () => calendarData({ ...query, cal: "week", at: `${month}-10` }, new Date(now)));

const editor = await prisma.membership
  .findFirstOrThrow({ where: { role: "Editor" }, select: { role: true, user: { select: { id: true, name: true } } } })
  .then((m) => ({ ...m.user, role: m.role }));
await time("publish one item to 4 channels (loopback)", 20, 200, async (i) => {
  const item = await prisma.contentItem.create({
    data: { title: `Bench publish ${i}`, type: "blog", status: "review", authorId: editor.id, body: "One. Two. Three." },
  });
  await createVariants(item.id, editor);
  await transitionContent(item.id, "approve", editor, new Date(), { override: true });
  const result = await deliverDueChannelPosts();
  if (result.sent !== 5) {
    const why = await prisma.channelPost.findMany({ where: { contentId: item.id }, select: { channel: true, lastError: true } });
    throw new Error(`expected 5 sent (4 webhooks + website outbox), got ${JSON.stringify(result)} ${JSON.stringify(why)}`);
  }
});
console.log(
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}`,
);

await prisma.$disconnect();
server.close();
for (const f of [file, `${file}-wal`, `${file}-shm`]) fs.rmSync(f, { force: true });

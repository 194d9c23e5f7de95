// The tracker's storage on SQLite (decisions 021, 036, 068): its own better-sqlite3 connection with
// prepared statements, one transaction per batch, instead of Prisma's ~1 ms per statement; the
// lookups are prepared statements on the read connection (decision 011).
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import Database from "better-sqlite3";
import { z } from "zod/v4";
import { BUSY_TIMEOUT_MS, CONNECTION_PRAGMAS, databaseUrl } from "~/db/db-settings.server";
import { col, parseRow, toDbDate } from "~/db/db-row.server";
import type { IngestEvent } from "~/db/tracker.server";
import { DeltaMap, dayOf, engagementDelta } from "~/domain/tracker";
import { hotStatement } from "./statements.server";

declare global {
  var __ingestDb: { url: string; db: Database.Database; statements: Statements; wal: number | null } | undefined;
}

type Statements = ReturnType<typeof prepare>;

function prepare(db: Database.Database) {
  return {
    event: db.prepare(
      `INSERT INTO "TrackEvent" ("at", "kind", "contentId", "channelPostId", "pageviewId", "url", "referrer", "utmSource", "utmMedium", "utmCampaign", "visitor", "seconds")
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, // positional: a third cheaper than named at this rate
    ),
    newPageview: db.prepare(`INSERT OR IGNORE INTO "TrackPageview" ("id", "contentId", "day", "seconds", "at") VALUES (?, ?, ?, 0, ?)`),
    pageview: db.prepare(`SELECT "contentId", "day", "seconds" FROM "TrackPageview" WHERE "id" = ?`),
    pageviewSeconds: db.prepare(`UPDATE "TrackPageview" SET "seconds" = ? WHERE "id" = ?`),
    // The item may have been deleted since the lookup: then the row is skipped, not the batch.
    metric: db.prepare(
      `INSERT INTO "ContentMetric" ("contentId", "date", "views", "shares", "engagedViews", "timeSpentSec")
       SELECT "id", ?, ?, ?, ?, ? FROM "ContentItem" WHERE "id" = ?
       ON CONFLICT ("contentId", "date") DO UPDATE SET "views" = "views" + excluded."views", "shares" = "shares" + excluded."shares",
         "engagedViews" = "engagedViews" + excluded."engagedViews", "timeSpentSec" = "timeSpentSec" + excluded."timeSpentSec"`,
    ),
    unassigned: db.prepare(
      `INSERT INTO "UnassignedPageDaily" ("day", "url", "views") VALUES (?, ?, ?) ON CONFLICT ("day", "url") DO UPDATE SET "views" = "views" + excluded."views"`,
    ),
    click: db.prepare(
      `INSERT INTO "ShortLinkDaily" ("channelPostId", "day", "clicks") VALUES (?, ?, ?) ON CONFLICT ("channelPostId", "day") DO UPDATE SET "clicks" = "clicks" + excluded."clicks"`,
    ),
    channelClick: db.prepare(
      `INSERT INTO "ChannelMetricDaily" ("day", "channel", "clicks") VALUES (?, ?, ?) ON CONFLICT ("day", "channel") DO UPDATE SET "clicks" = "clicks" + excluded."clicks"`,
    ),
    salt: db.prepare(`INSERT OR IGNORE INTO "TrackerSalt" ("day", "salt") VALUES (?, ?)`),
    readSalt: db.prepare(`SELECT "salt" FROM "TrackerSalt" WHERE "day" = ?`),
    dropSalts: db.prepare(`DELETE FROM "TrackerSalt" WHERE "day" < ?`),
  };
}

/**
 * The ingestion connection: Prisma's pragmas, but its commits are not fsynced one by one
 * (`synchronous = NORMAL`): `syncCommitted` fsyncs the WAL for every commit made so far, off the event
 * loop, and an event is answered only after the fsync that followed its commit (decision 036). So a
 * 202 survives a power cut as it did with FULL, and the event loop never waits for the disk.
 */
function ingest() {
  const url = databaseUrl();
  if (globalThis.__ingestDb?.url !== url) {
    closeIngestion();
    const db = new Database(url.replace(/^file:/, ""), { fileMustExist: true, timeout: BUSY_TIMEOUT_MS });
    for (const pragma of CONNECTION_PRAGMAS) db.pragma(pragma);
    db.pragma("synchronous = NORMAL");
    globalThis.__ingestDb = { url, db, statements: prepare(db), wal: null };
  }
  return globalThis.__ingestDb;
}

function closeIngestion() {
  const open = globalThis.__ingestDb;
  if (!open) return;
  if (open.wal !== null) fs.closeSync(open.wal);
  open.db.close();
  globalThis.__ingestDb = undefined;
}

/**
 * Makes every transaction this connection has committed so far durable: fdatasync of the WAL file, in
 * libuv's thread pool. The WAL stays while a connection is open (this one is), so its descriptor does.
 */
export function syncCommitted(done: (error: Error | null) => void) {
  let wal: number;
  try {
    wal = walOf(ingest());
  } catch (error) {
    return queueMicrotask(() => done(error as Error));
  }
  fs.fdatasync(wal, done);
}

const walOf = (open: NonNullable<typeof globalThis.__ingestDb>) => (open.wal ??= fs.openSync(`${open.db.name}-wal`, "r"));

const midnight = (day: string) => toDbDate(new Date(`${day}T00:00:00.000Z`));
type ItemDay = `${string}\u0000${string}`;

/**
 * Writes a batch in one transaction, on this thread before the promise is made (milliseconds of SQL);
 * committed without an fsync, made durable by syncCommitted. Whether a daily figure changed (decision 026).
 */
export async function writeEvents(events: readonly IngestEvent[]): Promise<boolean> {
  const { db, statements: s } = ingest();
  // IMMEDIATE: the write lock is taken (or waited for) first. A deferred transaction that read first
  // fails at once with SQLITE_BUSY when another connection committed meanwhile (Prisma's, in this same process).
  return db
    .transaction(() => {
      const metrics = new DeltaMap<ItemDay>();
      const unassigned = new Map<string, number>();
      const clicks = new Map<string, number>();
      const channelClicks = new Map<string, number>();
      for (const e of events) {
        const at = toDbDate(e.at);
        const day = dayOf(e.at);
        if (e.kind === "view") {
          s.event.run(
            at,
            "view",
            e.contentId,
            null,
            e.pageviewId,
            e.url,
            e.referrer,
            e.utmSource,
            e.utmMedium,
            e.utmCampaign,
            e.visitor,
            0,
          );
          // A page load reported twice (a retried beacon) is one view.
          if (s.newPageview.run(e.pageviewId, e.contentId, day, at).changes === 0) continue;
          if (e.contentId) metrics.add(`${e.contentId}\u0000${day}`, { views: 1 });
          else unassigned.set(`${day}\u0000${e.url}`, (unassigned.get(`${day}\u0000${e.url}`) ?? 0) + 1);
        } else if (e.kind === "engage") {
          const pv = parseRow(PageviewRow, s.pageview.get(e.pageviewId));
          if (!pv) continue; // a heartbeat for a page load we never saw (or pruned) adds nothing
          const delta = engagementDelta(pv.seconds, e.seconds);
          if (delta.seconds === 0) continue;
          s.pageviewSeconds.run(delta.total, e.pageviewId);
          s.event.run(at, "engage", pv.contentId, null, e.pageviewId, "", "", "", "", "", "", delta.seconds);
          if (pv.contentId)
            metrics.add(`${pv.contentId}\u0000${pv.day}`, { timeSpentSec: delta.seconds, engagedViews: delta.becameEngaged ? 1 : 0 });
        } else {
          s.event.run(at, "click", null, e.channelPostId, null, "", e.referrer, "", "", "", e.visitor, 0);
          clicks.set(`${e.channelPostId}\u0000${day}`, (clicks.get(`${e.channelPostId}\u0000${day}`) ?? 0) + 1);
          channelClicks.set(`${day}\u0000${e.channel}`, (channelClicks.get(`${day}\u0000${e.channel}`) ?? 0) + 1);
        }
      }
      for (const [key, d] of metrics.byKey) {
        const [contentId, day] = key.split("\u0000");
        s.metric.run(midnight(day), d.views, d.shares, d.engagedViews, d.timeSpentSec, contentId);
      }
      for (const [key, views] of unassigned) s.unassigned.run(...key.split("\u0000"), views);
      for (const [key, n] of clicks) s.click.run(...key.split("\u0000"), n);
      for (const [key, n] of channelClicks) s.channelClick.run(...key.split("\u0000"), n);
      return metrics.byKey.size + unassigned.size + clicks.size > 0;
    })
    .immediate();
}

const PageviewRow = z.object({ contentId: col.text.nullable(), day: col.text, seconds: col.int }).optional();

/** The day's salt, in one transaction; once a day, so fsynced on this thread. */
export async function saltOf(day: string): Promise<string> {
  const { db, statements: s } = ingest();
  const value = db.transaction(() => {
    s.salt.run(day, randomBytes(16).toString("hex"));
    s.dropSalts.run(day);
    return z.object({ salt: col.text }).parse(s.readSalt.get(day)).salt;
  })();
  fs.fdatasyncSync(walOf(ingest()));
  return value;
}

/** In slices, so the write lock is never held for long. */
export async function pruneRawEvents(now: Date, retentionDays: number): Promise<number> {
  const { db } = ingest();
  const cutoff = new Date(now.getTime() - retentionDays * 86_400_000);
  let total = 0;
  for (;;) {
    const n = db
      .prepare(`DELETE FROM "TrackEvent" WHERE "id" IN (SELECT "id" FROM "TrackEvent" WHERE "at" < ? ORDER BY "at" LIMIT 5000)`)
      .run(toDbDate(cutoff)).changes;
    total += n;
    if (n < 5000) break;
  }
  total += db.prepare(`DELETE FROM "TrackPageview" WHERE "at" < ?`).run(toDbDate(cutoff)).changes;
  db.prepare(`DELETE FROM "TrackerSalt" WHERE "day" < ?`).run(dayOf(now));
  return total;
}

export const originRow = async (origin: string): Promise<unknown> =>
  hotStatement(`SELECT "workspaceId" FROM "TrackedSite" WHERE "origin" = ?`).get(origin);

export const optionsRow = async (workspaceId: string): Promise<unknown> =>
  hotStatement(`SELECT "respectDoNotTrack", "retentionDays" FROM "TrackerSettings" WHERE "workspaceId" = ?`).get(workspaceId);

export const longestRetentionRow = async (): Promise<unknown> =>
  hotStatement(`SELECT MAX("retentionDays") AS "retentionDays" FROM "TrackerSettings"`).get();

export const itemNamedRow = async (name: string): Promise<unknown> =>
  hotStatement(
    `SELECT "id" FROM "ContentItem" WHERE "id" = @name UNION ALL SELECT "id" FROM "ContentItem" WHERE "slug" = @name LIMIT 1`,
  ).get({ name });

const WEBSITE_POSTS_SQL = `SELECT "contentId", "externalUrl", "link" FROM "ChannelPost" WHERE "channel" = 'website' AND ("externalUrl" IS NOT NULL OR "link" IS NOT NULL)`;

export const websitePostRows = async (): Promise<unknown[]> => hotStatement(WEBSITE_POSTS_SQL).all();

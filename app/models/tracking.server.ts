// Tracker lookups (decision 021) on the read-only connection (decision 011), synchronous; on
// PostgreSQL (decision 048) the same lookups through Prisma, as promises. The write path is
// app/models/tracking-write.server.ts (re-exported here).
import { z } from "zod/v4";
import { col, parseRow, parseRows } from "~/db/db-row.server";
import { prisma } from "~/db/db.server";
import { onPostgres } from "~/db/engine.server";
import { hotStatement } from "~/models/hot-read.server";
import { normalizePageUrl } from "~/domain/tracker";

export { pruneRawEvents, saltOf, writeEvents, type IngestEvent } from "~/models/tracking-write.server";

const Exists = z.object({ found: col.int }).optional();
const IdRow = z.object({ id: col.text }).optional();
const SettingsRow = z.object({ respectDoNotTrack: col.bool, retentionDays: col.int }).optional();
const WebsitePostRow = z.object({ contentId: col.text, externalUrl: col.text.nullable(), link: col.text.nullable() });

export const TRACKER_DEFAULTS = { respectDoNotTrack: false, retentionDays: 90 };

/**
 * How long a registered origin is taken as registered without asking again (decision 032). At thousands
 * of events a second, a lookup per event re-read the database's pages after every commit (a tenth of the
 * server's time per event, decision 032). A removed origin is refused within this; a new one, or any other, is asked every time.
 */
export const ORIGIN_RECHECK_MS = 1000;

/**
 * `lookup` with each answer found kept for ORIGIN_RECHECK_MS (at most `max` of them); a miss is asked
 * again every time, so what was just added counts at once.
 */
type Maybe<T> = T | Promise<T>;

/** Its first row, on PostgreSQL. */
const firstRow = (rows: Promise<unknown[]>) => rows.then((r) => r[0]);

function keptWhenFound<T>(max: number, lookup: (key: string) => Maybe<T | null>): (key: string, now: number) => Maybe<T | null> {
  const kept = new Map<string, { at: number; value: T }>();
  const keep = (key: string, now: number, value: T | null) => {
    if (kept.size >= max) kept.clear();
    if (value === null) kept.delete(key);
    else kept.set(key, { at: now, value });
    return value;
  };
  return (key, now) => {
    const seen = kept.get(key);
    if (seen && now - seen.at < ORIGIN_RECHECK_MS) return seen.value;
    const value = lookup(key);
    return value instanceof Promise ? value.then((v) => keep(key, now, v)) : keep(key, now, value);
  };
}

const registered = keptWhenFound(1000, (origin) => {
  if (onPostgres())
    return firstRow(prisma.$queryRaw`SELECT 1 AS "found" FROM "TrackedSite" WHERE "origin" = ${origin}`).then((row) =>
      parseRow(Exists, row) ? true : null,
    );
  return parseRow(Exists, hotStatement(`SELECT 1 AS "found" FROM "TrackedSite" WHERE "origin" = ?`).get(origin)) ? true : null;
});

/** Synchronous on SQLite, a promise on PostgreSQL. */
export function isTrackedOrigin(origin: string, now = Date.now()): Maybe<boolean> {
  const found = registered(origin, now);
  return found instanceof Promise ? found.then((f) => f ?? false) : (found ?? false);
}

type TrackerOptions = { respectDoNotTrack: boolean; retentionDays: number };

/** Synchronous on SQLite, a promise on PostgreSQL. */
export function trackerOptions(): Maybe<TrackerOptions> {
  if (onPostgres())
    return firstRow(prisma.$queryRaw`SELECT "respectDoNotTrack", "retentionDays" FROM "TrackerSettings" WHERE "id" = 1`).then(
      (row) => parseRow(SettingsRow, row) ?? TRACKER_DEFAULTS,
    );
  return (
    parseRow(SettingsRow, hotStatement(`SELECT "respectDoNotTrack", "retentionDays" FROM "TrackerSettings" WHERE "id" = 1`).get()) ??
    TRACKER_DEFAULTS
  );
}

const named = keptWhenFound(5000, (name) => {
  if (onPostgres())
    return firstRow(
      prisma.$queryRaw`SELECT "id" FROM "ContentItem" WHERE "id" = ${name} UNION ALL SELECT "id" FROM "ContentItem" WHERE "slug" = ${name} LIMIT 1`,
    ).then((row) => parseRow(IdRow, row)?.id ?? null);
  const row = hotStatement(
    `SELECT "id" FROM "ContentItem" WHERE "id" = @name UNION ALL SELECT "id" FROM "ContentItem" WHERE "slug" = @name LIMIT 1`,
  ).get({ name });
  return parseRow(IdRow, row)?.id ?? null;
});

/**
 * An item named by id or slug (the page's data-content attribute, or its last path segment), kept as
 * origins are: the name a site sends with every view is looked up once a second, not once a view. A
 * renamed item is seen within that second (a deleted one's views are skipped at the write,
 * tracking-write.server.ts).
 */
export function itemNamed(name: string, now = Date.now()): Maybe<string | null> {
  return name ? named(name, now) : null;
}

// Website posts' URLs change rarely and have no index of their own: read them all every 10 s at most.
let websitePosts: { at: number; byUrl: Map<string, string> } | null = null;

/** The item whose website channel post was published at this page (origin + path), if any. */
export function itemPublishedAt(url: string, now = Date.now()): Maybe<string | null> {
  if (!websitePosts || now - websitePosts.at > 10_000) {
    const sql = `SELECT "contentId", "externalUrl", "link" FROM "ChannelPost" WHERE "channel" = 'website' AND ("externalUrl" IS NOT NULL OR "link" IS NOT NULL)`;
    if (onPostgres())
      return prisma.$queryRawUnsafe<unknown[]>(sql).then((rows) => {
        websitePosts = { at: now, byUrl: postsByUrl(rows) };
        return websitePosts.byUrl.get(url) ?? null;
      });
    websitePosts = { at: now, byUrl: postsByUrl(hotStatement(sql).all()) };
  }
  return websitePosts.byUrl.get(url) ?? null;
}

function postsByUrl(raw: unknown[]): Map<string, string> {
  const byUrl = new Map<string, string>();
  for (const r of parseRows(WebsitePostRow, raw)) {
    for (const u of [r.link, r.externalUrl]) {
      const normal = u ? normalizePageUrl(u) : null;
      if (normal) byUrl.set(normal, r.contentId);
    }
  }
  return byUrl;
}

/** Forget the cached website posts (tests, and after a post's URL changes in this process). */
export function forgetWebsitePosts() {
  websitePosts = null;
}

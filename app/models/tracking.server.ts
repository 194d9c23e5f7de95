// Tracker lookups (decision 021), each kept a moment in this process; the engine reads the rows
// (app/db/tracker.server.ts, decision 068). The write path is app/models/tracking-write.server.ts
// (re-exported here).
import { z } from "zod/v4";
import { col, parseRow, parseRows } from "~/db/db-row.server";
import { trackerStore } from "~/db/tracker.server";
import { acrossWorkspaces, withWorkspace } from "~/db/workspace-scope.server";
import { normalizePageUrl } from "~/domain/tracker";

export { pruneRawEvents, saltOf, writeEvents, type IngestEvent } from "~/models/tracking-write.server";

const SiteRow = z.object({ workspaceId: col.text }).optional();
const RetentionRow = z.object({ retentionDays: col.int.nullable() }).optional();
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
function keptWhenFound<T>(max: number, lookup: (key: string) => Promise<T | null>): (key: string, now: number) => Promise<T | null> {
  const kept = new Map<string, { at: number; value: T }>();
  const keep = (key: string, now: number, value: T | null) => {
    if (kept.size >= max) kept.clear();
    if (value === null) kept.delete(key);
    else kept.set(key, { at: now, value });
    return value;
  };
  return async (key, now) => {
    const seen = kept.get(key);
    if (seen && now - seen.at < ORIGIN_RECHECK_MS) return seen.value;
    return keep(key, now, await lookup(key));
  };
}

// A site is found by its origin across workspaces; what the tracker reads next is that site's workspace's.
const registered = keptWhenFound(
  1000,
  async (origin) => parseRow(SiteRow, await acrossWorkspaces(() => trackerStore().originRow(origin)))?.workspaceId ?? null,
);

/** The workspace whose tracked site this origin is, or null when no site is registered at it. */
export async function workspaceOfOrigin(origin: string, now = Date.now()): Promise<string | null> {
  return registered(origin, now);
}

export async function isTrackedOrigin(origin: string, now = Date.now()): Promise<boolean> {
  return (await registered(origin, now)) !== null;
}

type TrackerOptions = { respectDoNotTrack: boolean; retentionDays: number };

export async function trackerOptions(workspaceId: string): Promise<TrackerOptions> {
  return parseRow(SettingsRow, await withWorkspace(workspaceId, () => trackerStore().optionsRow(workspaceId))) ?? TRACKER_DEFAULTS;
}

/** Raw events are kept for the longest retention any workspace asks for (they do not yet say whose they are). */
export async function longestRetentionDays(): Promise<number> {
  return (
    parseRow(RetentionRow, await acrossWorkspaces(() => trackerStore().longestRetentionRow()))?.retentionDays ??
    TRACKER_DEFAULTS.retentionDays
  );
}

const named = keptWhenFound(5000, async (name) => parseRow(IdRow, await trackerStore().itemNamedRow(name))?.id ?? null);

/**
 * An item named by id or slug (the page's data-content attribute, or its last path segment), kept as
 * origins are: the name a site sends with every view is looked up once a second, not once a view. A
 * renamed item is seen within that second (a deleted one's views are skipped at the write,
 * tracking-write.server.ts).
 */
export async function itemNamed(name: string, now = Date.now()): Promise<string | null> {
  return name ? named(name, now) : null;
}

// Website posts' URLs change rarely and have no index of their own: read them all every 10 s at most.
let websitePosts: { at: number; byUrl: Map<string, string> } | null = null;

/** The item whose website channel post was published at this page (origin + path), if any. */
export async function itemPublishedAt(url: string, now = Date.now()): Promise<string | null> {
  if (!websitePosts || now - websitePosts.at > 10_000)
    websitePosts = { at: now, byUrl: postsByUrl(await trackerStore().websitePostRows()) };
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

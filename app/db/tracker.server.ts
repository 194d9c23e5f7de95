// The tracker's storage (decisions 021, 036, 048): its lookups, its batched writes, the day's salt and
// the pruning of raw events. One interface, a body per engine (decision 068): SQLite writes through its
// own better-sqlite3 connection, each commit made durable by a later fsync of the WAL (syncCommitted);
// PostgreSQL writes one transaction per batch through Prisma, durable when it returns. The caching
// of lookups and salts is the engines' common part, in app/models/tracking*.server.ts.
import { perEngine } from "~/db/engine.server";
import * as postgres from "~/db/postgres/tracker.server";
import * as sqlite from "~/db/sqlite/tracker.server";

/** One event as ingestion writes it: a view, a heartbeat of engaged time, or a short-link click. */
export type IngestEvent =
  | {
      kind: "view";
      at: Date;
      pageviewId: string;
      contentId: string | null;
      url: string;
      referrer: string;
      utmSource: string;
      utmMedium: string;
      utmCampaign: string;
      visitor: string;
    }
  | { kind: "engage"; at: Date; pageviewId: string; seconds: number }
  | { kind: "click"; at: Date; channelPostId: string; channel: string; referrer: string; visitor: string };

export interface TrackerStore {
  /** The site's row (workspaceId) when the origin is registered, else undefined. */
  originRow(origin: string): Promise<unknown>;
  /** A workspace's tracker options row (respectDoNotTrack, retentionDays), or undefined. */
  optionsRow(workspaceId: string): Promise<unknown>;
  /** The longest retention any workspace keeps raw events for (retentionDays, null when none set). */
  longestRetentionRow(): Promise<unknown>;
  /** The item (id) whose id, else whose slug, is `name`, or undefined. */
  itemNamedRow(name: string): Promise<unknown>;
  /** Every website post with a URL (contentId, externalUrl, link). */
  websitePostRows(): Promise<unknown[]>;
  /**
   * Writes a batch in one transaction, committed when this resolves; the caller acknowledges the
   * events only once syncCommitted has made it durable. Whether a daily figure changed (decision 026).
   */
  writeEvents(events: readonly IngestEvent[]): Promise<boolean>;
  /** Makes every transaction committed so far durable, then calls `done` (off the event loop). */
  syncCommitted(done: (error: Error | null) => void): void;
  /** The day's salt for visitor hashes, made by whichever process asks first; older days' go. */
  saltOf(day: string): Promise<string>;
  /** Deletes raw events and page loads older than the retention; rollups stay. Rows deleted. */
  pruneRawEvents(now: Date, retentionDays: number): Promise<number>;
}

export const trackerStore = perEngine<TrackerStore>({ sqlite: () => sqlite, postgresql: () => postgres });

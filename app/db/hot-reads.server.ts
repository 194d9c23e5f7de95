// The reads every page makes (decision 011): the session, the sidebar's team, the bell, the editor's
// presence and the page cache's content version. One interface, a body per engine (decision 068): on
// SQLite prepared statements on the read connection, on PostgreSQL the same rows through Prisma.
// Each answers raw rows; the models parse them with their shared zod schemas.
import { perEngine } from "~/db/engine.server";
import * as postgres from "~/db/postgres/hot-reads.server";
import * as sqlite from "~/db/sqlite/hot-reads.server";

export interface HotReads {
  /** The session with its member's columns, or undefined. */
  sessionRow(id: string): Promise<unknown>;
  /** When the member's editor of the item last beat (seenAt), or undefined. */
  presenceRow(contentId: string, userId: string): Promise<unknown>;
  /** Every active member (id, name, live): live when a session not expired at `now` was used since `since`. */
  teamOnlineRows(workspaceId: string, now: Date, since: Date): Promise<unknown[]>;
  /** The member's latest notifications, newest first. */
  notificationRows(userId: string, take: number): Promise<unknown[]>;
  /** The member's unread notifications (n). */
  unreadRow(userId: string): Promise<unknown>;
  /** The DataRevision row (n), or undefined. */
  revisionRow(): Promise<unknown>;
  /** What the content version falls back to without the DataRevision row. */
  revisionFallback(): number;
}

export const hotReads = perEngine<HotReads>({ sqlite: () => sqlite, postgresql: () => postgres });

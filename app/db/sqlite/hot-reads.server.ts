// The hot reads on SQLite (decisions 011, 068): one prepared statement each on the read connection.
import { dataVersion } from "~/db/read-db.server";
import { toDbDate } from "~/db/db-row.server";
import { hotStatement } from "./statements.server";

// The role is the membership's in the session's workspace (decision 073); null when they have none there.
const SESSION_SQL = `SELECT s.id, s.expiresAt, s.lastUsedAt, s.workspaceId, u.id AS userId, u.name, u.email, m.role, u.title, u.status,
    m.status AS membership, w.name AS workspaceName, u.isOwner, u.lastSeenAt
  FROM Session s JOIN User u ON u.id = s.userId LEFT JOIN Membership m ON m.workspaceId = s.workspaceId AND m.userId = u.id
  LEFT JOIN Workspace w ON w.id = s.workspaceId WHERE s.id = ?`;
export const sessionRow = async (id: string): Promise<unknown> => hotStatement(SESSION_SQL).get(id);

const SEEN_SQL = "SELECT seenAt FROM EditorPresence WHERE contentId = ? AND userId = ?";
export const presenceRow = async (contentId: string, userId: string): Promise<unknown> => hotStatement(SEEN_SQL).get(contentId, userId);

const TEAM_ONLINE_SQL = `SELECT u.id, u.name,
    EXISTS (SELECT 1 FROM Session s WHERE s.userId = u.id AND s.expiresAt > @now AND s.lastUsedAt >= @since) AS live
  FROM Membership m JOIN User u ON u.id = m.userId WHERE m.workspaceId = @workspaceId AND m.status = 'active' AND u.status = 'active'
  ORDER BY live DESC, u.createdAt ASC, u.id ASC`;
export const teamOnlineRows = async (workspaceId: string, now: Date, since: Date): Promise<unknown[]> =>
  hotStatement(TEAM_ONLINE_SQL).all({ workspaceId, now: toDbDate(now), since: toDbDate(since) });

const LIST_SQL =
  "SELECT id, event, message, contentId, createdAt, readAt FROM Notification WHERE userId = ? AND resolvedAt IS NULL ORDER BY createdAt DESC LIMIT ?";
export const notificationRows = async (userId: string, take: number): Promise<unknown[]> => hotStatement(LIST_SQL).all(userId, take);

const UNREAD_SQL = "SELECT COUNT(*) AS n FROM Notification WHERE userId = ? AND readAt IS NULL AND resolvedAt IS NULL";
export const unreadRow = async (userId: string): Promise<unknown> => hotStatement(UNREAD_SQL).get(userId);

/** Microseconds on the read connection; undefined on a database before the DataRevision migration. */
export async function revisionRow(): Promise<unknown> {
  try {
    return hotStatement(`SELECT "n" FROM "DataRevision" WHERE "id" = 1`).get();
  } catch {
    return undefined; // no such table yet
  }
}

/** SQLite's data_version, which moves after every write, below -1 so it never meets a revision. */
export const revisionFallback = () => -1 - dataVersion();

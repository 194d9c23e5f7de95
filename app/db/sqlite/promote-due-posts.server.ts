// SQLite's body of promoteDuePosts (app/db/promote-due-posts.server.ts): dates as ISO text (decision 017).
import { prisma } from "../db.server";
import { toDbDate } from "../db-row.server";
import { currentWorkspaceId } from "../workspace-scope.server";

export async function promoteDuePostsSqlite(now: Date): Promise<void> {
  await prisma.$executeRaw`
    UPDATE ChannelPost SET status = 'publishing', nextAttemptAt = scheduledAt,
      deliveryKey = COALESCE(deliveryKey, 'cp_' || id || '_' || lower(hex(randomblob(8))))
    WHERE workspaceId = ${currentWorkspaceId()} AND status = 'scheduled' AND scheduledAt <= ${toDbDate(now)}
      AND contentId IN (SELECT id FROM ContentItem WHERE status = 'published')`;
}

// PostgreSQL's body of promoteDuePosts (app/db/promote-due-posts.server.ts): quoted names, native timestamps.
import { prisma } from "../db.server";
import { currentWorkspaceId } from "../workspace-scope.server";

export async function promoteDuePostsPostgres(now: Date): Promise<void> {
  await prisma.$executeRaw`
    UPDATE "ChannelPost" SET "status" = 'publishing', "nextAttemptAt" = "scheduledAt",
      "deliveryKey" = COALESCE("deliveryKey", 'cp_' || "id" || '_' || substr(replace(gen_random_uuid()::text, '-', ''), 1, 16))
    WHERE "workspaceId" = ${currentWorkspaceId()} AND "status" = 'scheduled' AND "scheduledAt" <= ${now}
      AND "contentId" IN (SELECT "id" FROM "ContentItem" WHERE "status" = 'published')`;
}

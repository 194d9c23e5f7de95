-- 'Schedule posts for optimal timing' (see docs/decisions/006-analytics-at-scale.md): an approved item
-- waiting in review for the best time to post; the scheduler publishes it at publishAt.
-- SQL-only like decision 004's tables: app/models/publish-schedule.server.ts reads it with $queryRaw,
-- so the shared generated client does not change.
CREATE TABLE "PublishSchedule" (
    "contentId" TEXT NOT NULL PRIMARY KEY,
    "publishAt" DATETIME NOT NULL,
    "slot" TEXT NOT NULL,
    "scheduledById" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "PublishSchedule_contentId_fkey" FOREIGN KEY ("contentId") REFERENCES "ContentItem" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "PublishSchedule_publishAt_idx" ON "PublishSchedule"("publishAt");


-- A schedule belongs to an approved item waiting in review: any other status (sent back, archived,
-- published by hand or by the pipeline) drops it, so a later resubmission is never published unapproved.
CREATE TRIGGER "ContentItem_schedule_status" AFTER UPDATE OF "status" ON "ContentItem"
WHEN new."status" <> 'review' BEGIN
    DELETE FROM "PublishSchedule" WHERE "contentId" = new."id";
END;

-- AlterTable
ALTER TABLE "ChannelPost" ADD COLUMN "leaseUntil" DATETIME;

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Settings" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT DEFAULT 1,
    "brandToneId" TEXT NOT NULL,
    "brandKeywords" TEXT NOT NULL,
    "contentGuidelines" TEXT NOT NULL,
    "generationThreshold" INTEGER NOT NULL,
    "creativityLevel" TEXT NOT NULL,
    "autoPublish" BOOLEAN NOT NULL,
    "autoPost" BOOLEAN NOT NULL,
    "scheduleOptimalTiming" BOOLEAN NOT NULL,
    "workflowRunning" BOOLEAN NOT NULL DEFAULT false,
    "teamName" TEXT NOT NULL DEFAULT '',
    "timeZone" TEXT NOT NULL DEFAULT 'UTC',
    "siteUrl" TEXT NOT NULL DEFAULT '',
    "utmTagging" BOOLEAN NOT NULL DEFAULT true,
    "updatedAt" DATETIME NOT NULL
);
INSERT INTO "new_Settings" ("autoPost", "autoPublish", "brandKeywords", "brandToneId", "contentGuidelines", "creativityLevel", "generationThreshold", "id", "scheduleOptimalTiming", "updatedAt", "workflowRunning") SELECT "autoPost", "autoPublish", "brandKeywords", "brandToneId", "contentGuidelines", "creativityLevel", "generationThreshold", "id", "scheduleOptimalTiming", "updatedAt", "workflowRunning" FROM "Settings";
DROP TABLE "Settings";
ALTER TABLE "new_Settings" RENAME TO "Settings";
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "ChannelPost_status_nextAttemptAt_idx" ON "ChannelPost"("status", "nextAttemptAt");


-- AlterTable
ALTER TABLE "ChannelPost" ADD COLUMN "leaseUntil" DATETIME;

-- AlterTable (ADD COLUMN instead of the generated table rebuild: same result, keeps Settings' rows and triggers)
ALTER TABLE "Settings" ADD COLUMN "teamName" TEXT NOT NULL DEFAULT '';
ALTER TABLE "Settings" ADD COLUMN "timeZone" TEXT NOT NULL DEFAULT 'UTC';
ALTER TABLE "Settings" ADD COLUMN "siteUrl" TEXT NOT NULL DEFAULT '';
ALTER TABLE "Settings" ADD COLUMN "utmTagging" BOOLEAN NOT NULL DEFAULT true;

-- CreateIndex
CREATE INDEX "ChannelPost_status_nextAttemptAt_idx" ON "ChannelPost"("status", "nextAttemptAt");

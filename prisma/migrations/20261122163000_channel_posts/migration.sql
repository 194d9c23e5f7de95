-- CreateTable
CREATE TABLE "ChannelPost" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "contentId" TEXT NOT NULL,
    "channel" TEXT NOT NULL,
    "text" TEXT NOT NULL DEFAULT '',
    "link" TEXT,
    "imageUrl" TEXT,
    "status" TEXT NOT NULL DEFAULT 'draft',
    "scheduledAt" DATETIME,
    "publishedAt" DATETIME,
    "externalId" TEXT,
    "externalUrl" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" DATETIME,
    "lastError" TEXT,
    "deliveryKey" TEXT,
    "createdById" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "ChannelPost_contentId_fkey" FOREIGN KEY ("contentId") REFERENCES "ContentItem" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- Added in place (not Prisma's copy-and-rename) so the FTS5 triggers on ContentItem stay attached.
ALTER TABLE "ContentItem" ADD COLUMN "slug" TEXT;
ALTER TABLE "ContentItem" ADD COLUMN "excerpt" TEXT NOT NULL DEFAULT '';
CREATE UNIQUE INDEX "ContentItem_slug_key" ON "ContentItem"("slug");

-- CreateIndex
CREATE UNIQUE INDEX "ChannelPost_deliveryKey_key" ON "ChannelPost"("deliveryKey");

-- CreateIndex
CREATE INDEX "ChannelPost_status_scheduledAt_idx" ON "ChannelPost"("status", "scheduledAt");

-- CreateIndex
CREATE INDEX "ChannelPost_scheduledAt_idx" ON "ChannelPost"("scheduledAt");

-- CreateIndex
CREATE INDEX "ChannelPost_channel_externalId_idx" ON "ChannelPost"("channel", "externalId");

-- CreateIndex
CREATE UNIQUE INDEX "ChannelPost_contentId_channel_key" ON "ChannelPost"("contentId", "channel");


-- CreateTable
CREATE TABLE "ChannelPostFigures" (
    "channelPostId" TEXT NOT NULL PRIMARY KEY,
    "channel" TEXT NOT NULL,
    "nextPullAt" DATETIME,
    "leaseUntil" DATETIME,
    "pulledAt" DATETIME,
    "likes" INTEGER,
    "reposts" INTEGER,
    "replies" INTEGER,
    "quotes" INTEGER,
    "impressions" INTEGER,
    "clicks" INTEGER,
    "lastError" TEXT,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "ChannelPostFigures_channelPostId_fkey" FOREIGN KEY ("channelPostId") REFERENCES "ChannelPost" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "ChannelPostFigures_nextPullAt_idx" ON "ChannelPostFigures"("nextPullAt");


-- The content version's triggers (decision 026): pulled figures show on cached pages.
CREATE TRIGGER "ChannelPostFigures_revision_insert" AFTER INSERT ON "ChannelPostFigures"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "ChannelPostFigures_revision_update" AFTER UPDATE ON "ChannelPostFigures"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "ChannelPostFigures_revision_delete" AFTER DELETE ON "ChannelPostFigures"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;

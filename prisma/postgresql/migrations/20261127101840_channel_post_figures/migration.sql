-- CreateTable
CREATE TABLE "ChannelPostFigures" (
    "channelPostId" TEXT NOT NULL,
    "channel" TEXT NOT NULL,
    "nextPullAt" TIMESTAMP(3),
    "leaseUntil" TIMESTAMP(3),
    "pulledAt" TIMESTAMP(3),
    "likes" INTEGER,
    "reposts" INTEGER,
    "replies" INTEGER,
    "quotes" INTEGER,
    "impressions" INTEGER,
    "clicks" INTEGER,
    "lastError" TEXT,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ChannelPostFigures_pkey" PRIMARY KEY ("channelPostId")
);

-- CreateIndex
CREATE INDEX "ChannelPostFigures_nextPullAt_idx" ON "ChannelPostFigures"("nextPullAt");

-- AddForeignKey
ALTER TABLE "ChannelPostFigures" ADD CONSTRAINT "ChannelPostFigures_channelPostId_fkey" FOREIGN KEY ("channelPostId") REFERENCES "ChannelPost"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- The content version (decision 026): pulled figures show on cached pages.
CREATE TRIGGER "ChannelPostFigures_revision" AFTER INSERT OR UPDATE OR DELETE ON "ChannelPostFigures"
    FOR EACH STATEMENT EXECUTE FUNCTION studio_data_revision();

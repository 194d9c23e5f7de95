-- CreateTable
CREATE TABLE "TrackedSite" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "origin" TEXT NOT NULL,
    "createdById" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "TrackerSettings" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT DEFAULT 1,
    "respectDoNotTrack" BOOLEAN NOT NULL DEFAULT false,
    "retentionDays" INTEGER NOT NULL DEFAULT 90
);

-- CreateTable
CREATE TABLE "TrackEvent" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "at" DATETIME NOT NULL,
    "kind" TEXT NOT NULL,
    "contentId" TEXT,
    "channelPostId" TEXT,
    "pageviewId" TEXT,
    "url" TEXT NOT NULL DEFAULT '',
    "referrer" TEXT NOT NULL DEFAULT '',
    "utmSource" TEXT NOT NULL DEFAULT '',
    "utmMedium" TEXT NOT NULL DEFAULT '',
    "utmCampaign" TEXT NOT NULL DEFAULT '',
    "visitor" TEXT NOT NULL DEFAULT '',
    "seconds" INTEGER NOT NULL DEFAULT 0
);

-- CreateTable
CREATE TABLE "TrackPageview" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "contentId" TEXT,
    "day" TEXT NOT NULL,
    "seconds" INTEGER NOT NULL DEFAULT 0,
    "at" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "UnassignedPageDaily" (
    "day" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "views" INTEGER NOT NULL DEFAULT 0,

    PRIMARY KEY ("day", "url")
);

-- CreateTable
CREATE TABLE "TrackerSalt" (
    "day" TEXT NOT NULL PRIMARY KEY,
    "salt" TEXT NOT NULL
);

-- CreateTable
CREATE TABLE "ApiToken" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "createdById" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUsedAt" DATETIME,
    "revokedAt" DATETIME
);

-- CreateTable
CREATE TABLE "ChannelPostMetric" (
    "channelPostId" TEXT NOT NULL,
    "day" TEXT NOT NULL,
    "impressions" INTEGER NOT NULL DEFAULT 0,
    "likes" INTEGER NOT NULL DEFAULT 0,
    "comments" INTEGER NOT NULL DEFAULT 0,
    "shares" INTEGER NOT NULL DEFAULT 0,
    "clicks" INTEGER NOT NULL DEFAULT 0,
    "source" TEXT NOT NULL DEFAULT 'api',
    "updatedAt" DATETIME NOT NULL,

    PRIMARY KEY ("channelPostId", "day")
);

-- CreateTable
CREATE TABLE "ShortLink" (
    "code" TEXT NOT NULL PRIMARY KEY,
    "channelPostId" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "ChannelMetricDaily" (
    "day" TEXT NOT NULL,
    "channel" TEXT NOT NULL,
    "impressions" INTEGER NOT NULL DEFAULT 0,
    "likes" INTEGER NOT NULL DEFAULT 0,
    "comments" INTEGER NOT NULL DEFAULT 0,
    "shares" INTEGER NOT NULL DEFAULT 0,
    "clicks" INTEGER NOT NULL DEFAULT 0,

    PRIMARY KEY ("day", "channel")
);

-- CreateTable
CREATE TABLE "ShortLinkDaily" (
    "channelPostId" TEXT NOT NULL,
    "day" TEXT NOT NULL,
    "clicks" INTEGER NOT NULL DEFAULT 0,

    PRIMARY KEY ("channelPostId", "day")
);

-- CreateIndex
CREATE UNIQUE INDEX "TrackedSite_origin_key" ON "TrackedSite"("origin");

-- CreateIndex
CREATE INDEX "TrackEvent_at_idx" ON "TrackEvent"("at");

-- CreateIndex
CREATE UNIQUE INDEX "ApiToken_prefix_key" ON "ApiToken"("prefix");

-- CreateIndex
CREATE UNIQUE INDEX "ApiToken_tokenHash_key" ON "ApiToken"("tokenHash");

-- CreateIndex
CREATE INDEX "ChannelPostMetric_day_idx" ON "ChannelPostMetric"("day");

-- CreateIndex
CREATE UNIQUE INDEX "ShortLink_channelPostId_url_key" ON "ShortLink"("channelPostId", "url");

-- CreateIndex
CREATE INDEX "ShortLinkDaily_day_idx" ON "ShortLinkDaily"("day");


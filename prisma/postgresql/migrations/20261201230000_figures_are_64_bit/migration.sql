-- Every count and total of figures is 64-bit (decision 063): PostgreSQL's INTEGER stopped a
-- channel-day at 2,147,483,647 (P2020, integer out of range) where SQLite's INTEGER already holds
-- 64 bits. Prisma keeps these fields `Int`: its client carries any safe integer on both engines, so
-- only the PostgreSQL columns change. One ALTER per table: each table is rewritten once.
ALTER TABLE "ContentMetric"
    ALTER COLUMN "views" TYPE BIGINT, ALTER COLUMN "shares" TYPE BIGINT,
    ALTER COLUMN "engagedViews" TYPE BIGINT, ALTER COLUMN "timeSpentSec" TYPE BIGINT;
ALTER TABLE "ContentMetricDaily"
    ALTER COLUMN "views" TYPE BIGINT, ALTER COLUMN "shares" TYPE BIGINT,
    ALTER COLUMN "engagedViews" TYPE BIGINT, ALTER COLUMN "timeSpentSec" TYPE BIGINT;
ALTER TABLE "ContentMetricRunning"
    ALTER COLUMN "views" TYPE BIGINT, ALTER COLUMN "shares" TYPE BIGINT,
    ALTER COLUMN "engagedViews" TYPE BIGINT, ALTER COLUMN "timeSpentSec" TYPE BIGINT;
ALTER TABLE "ContentMetricMonthly" ALTER COLUMN "views" TYPE BIGINT;
ALTER TABLE "ContentPostEngagement" ALTER COLUMN "engagedViews" TYPE BIGINT;
ALTER TABLE "ContentListing" ALTER COLUMN "views" TYPE BIGINT;
ALTER TABLE "UnassignedPageDaily" ALTER COLUMN "views" TYPE BIGINT;
ALTER TABLE "ChannelPostMetric"
    ALTER COLUMN "impressions" TYPE BIGINT, ALTER COLUMN "likes" TYPE BIGINT, ALTER COLUMN "comments" TYPE BIGINT,
    ALTER COLUMN "shares" TYPE BIGINT, ALTER COLUMN "clicks" TYPE BIGINT;
ALTER TABLE "ChannelMetricDaily"
    ALTER COLUMN "impressions" TYPE BIGINT, ALTER COLUMN "likes" TYPE BIGINT, ALTER COLUMN "comments" TYPE BIGINT,
    ALTER COLUMN "shares" TYPE BIGINT, ALTER COLUMN "clicks" TYPE BIGINT;
ALTER TABLE "ChannelPostFigures"
    ALTER COLUMN "likes" TYPE BIGINT, ALTER COLUMN "reposts" TYPE BIGINT, ALTER COLUMN "replies" TYPE BIGINT,
    ALTER COLUMN "quotes" TYPE BIGINT, ALTER COLUMN "impressions" TYPE BIGINT, ALTER COLUMN "clicks" TYPE BIGINT;
ALTER TABLE "ShortLinkDaily" ALTER COLUMN "clicks" TYPE BIGINT;

-- The current definition of what schema.prisma cannot hold: the FTS5 tables and all 26 triggers.
-- prisma/fts5-and-triggers.md lists each object and why (tests/schema-matches-db.test.ts checks
-- that list against the database). On a database that ran the earlier migrations nothing changes:
-- the virtual tables exist (IF NOT EXISTS) and each trigger is dropped and created with the same text.
-- A later migration that rebuilds ContentItem, ContentTag, ContentMetric or ContentListing (Prisma's
-- create-copy-drop-rename) drops that table's triggers: it must create them again, copied from here.

-- FTS5 virtual tables (decision 004): Prisma has no virtual tables. ContentSearch indexes
-- ContentListing's text (external content, trigram tokenizer); ContentSearchTerms lists its trigrams.
-- Their shadow tables (ContentSearch_data, _idx, _docsize, _config) belong to FTS5.
CREATE VIRTUAL TABLE IF NOT EXISTS "ContentSearch" USING fts5(
    "searchTitle", "searchTags",
    content = 'ContentListing', content_rowid = 'id', tokenize = 'trigram'
);
CREATE VIRTUAL TABLE IF NOT EXISTS "ContentSearchTerms" USING fts5vocab('ContentSearch', 'row');

-- ContentListing → ContentSearch (decision 004).
DROP TRIGGER IF EXISTS "ContentListing_search_insert";
CREATE TRIGGER "ContentListing_search_insert" AFTER INSERT ON "ContentListing" BEGIN
    INSERT INTO "ContentSearch" ("rowid", "searchTitle", "searchTags") VALUES (new."id", new."searchTitle", new."searchTags");
END;
DROP TRIGGER IF EXISTS "ContentListing_search_update";
CREATE TRIGGER "ContentListing_search_update" AFTER UPDATE OF "searchTitle", "searchTags" ON "ContentListing"
WHEN old."searchTitle" IS NOT new."searchTitle" OR old."searchTags" IS NOT new."searchTags" BEGIN
    INSERT INTO "ContentSearch" ("ContentSearch", "rowid", "searchTitle", "searchTags") VALUES ('delete', old."id", old."searchTitle", old."searchTags");
    INSERT INTO "ContentSearch" ("rowid", "searchTitle", "searchTags") VALUES (new."id", new."searchTitle", new."searchTags");
END;
DROP TRIGGER IF EXISTS "ContentListing_search_delete";
CREATE TRIGGER "ContentListing_search_delete" AFTER DELETE ON "ContentListing" BEGIN
    INSERT INTO "ContentSearch" ("ContentSearch", "rowid", "searchTitle", "searchTags") VALUES ('delete', old."id", old."searchTitle", old."searchTags");
END;

-- ContentItem, ContentTag, ContentMetric → ContentListing (decision 004).
DROP TRIGGER IF EXISTS "ContentItem_listing_insert";
CREATE TRIGGER "ContentItem_listing_insert" AFTER INSERT ON "ContentItem" BEGIN
    INSERT INTO "ContentListing" ("contentId", "status", "updatedAt", "searchTitle")
    VALUES (new."id", new."status", new."updatedAt", lower(new."title") || char(31, 31));
END;
DROP TRIGGER IF EXISTS "ContentItem_listing_update";
CREATE TRIGGER "ContentItem_listing_update" AFTER UPDATE ON "ContentItem" BEGIN
    UPDATE "ContentListing"
    SET "contentId" = new."id", "status" = new."status", "updatedAt" = new."updatedAt", "searchTitle" = lower(new."title") || char(31, 31)
    WHERE "contentId" = old."id";
END;
DROP TRIGGER IF EXISTS "ContentItem_listing_delete";
CREATE TRIGGER "ContentItem_listing_delete" AFTER DELETE ON "ContentItem" BEGIN
    DELETE FROM "ContentListing" WHERE "contentId" = old."id";
END;
DROP TRIGGER IF EXISTS "ContentTag_listing_insert";
CREATE TRIGGER "ContentTag_listing_insert" AFTER INSERT ON "ContentTag" BEGIN
    UPDATE "ContentListing"
    SET "searchTags" = COALESCE((SELECT group_concat(lower(t."name") || char(31, 31), '') FROM "ContentTag" t WHERE t."contentId" = new."contentId"), '')
    WHERE "contentId" = new."contentId";
END;
DROP TRIGGER IF EXISTS "ContentTag_listing_update";
CREATE TRIGGER "ContentTag_listing_update" AFTER UPDATE ON "ContentTag" BEGIN
    UPDATE "ContentListing"
    SET "searchTags" = COALESCE((SELECT group_concat(lower(t."name") || char(31, 31), '') FROM "ContentTag" t WHERE t."contentId" = "ContentListing"."contentId"), '')
    WHERE "contentId" IN (old."contentId", new."contentId");
END;
DROP TRIGGER IF EXISTS "ContentTag_listing_delete";
CREATE TRIGGER "ContentTag_listing_delete" AFTER DELETE ON "ContentTag" BEGIN
    UPDATE "ContentListing"
    SET "searchTags" = COALESCE((SELECT group_concat(lower(t."name") || char(31, 31), '') FROM "ContentTag" t WHERE t."contentId" = old."contentId"), '')
    WHERE "contentId" = old."contentId";
END;
DROP TRIGGER IF EXISTS "ContentMetric_listing_insert";
CREATE TRIGGER "ContentMetric_listing_insert" AFTER INSERT ON "ContentMetric" BEGIN
    UPDATE "ContentListing" SET "views" = "views" + new."views" WHERE "contentId" = new."contentId";
END;
DROP TRIGGER IF EXISTS "ContentMetric_listing_update";
CREATE TRIGGER "ContentMetric_listing_update" AFTER UPDATE OF "views", "contentId" ON "ContentMetric" BEGIN
    UPDATE "ContentListing" SET "views" = "views" - old."views" WHERE "contentId" = old."contentId";
    UPDATE "ContentListing" SET "views" = "views" + new."views" WHERE "contentId" = new."contentId";
END;
DROP TRIGGER IF EXISTS "ContentMetric_listing_delete";
CREATE TRIGGER "ContentMetric_listing_delete" AFTER DELETE ON "ContentMetric" BEGIN
    UPDATE "ContentListing" SET "views" = "views" - old."views" WHERE "contentId" = old."contentId";
END;

-- ContentMetric, ContentItem → ContentMetricDaily and ContentMetricRunning (decision 006).
DROP TRIGGER IF EXISTS "ContentMetric_rollup_insert";
CREATE TRIGGER "ContentMetric_rollup_insert" AFTER INSERT ON "ContentMetric" BEGIN
    INSERT INTO "ContentMetricDaily" ("day", "type", "views", "shares", "engagedViews", "timeSpentSec")
    SELECT substr(new."date", 1, 10), c."type", new."views", new."shares", new."engagedViews", new."timeSpentSec"
    FROM "ContentItem" c WHERE c."id" = new."contentId"
    ON CONFLICT ("day", "type") DO UPDATE SET
        "views" = "views" + excluded."views", "shares" = "shares" + excluded."shares",
        "engagedViews" = "engagedViews" + excluded."engagedViews", "timeSpentSec" = "timeSpentSec" + excluded."timeSpentSec";
    INSERT INTO "ContentMetricRunning" ("contentId", "day", "type", "views", "shares", "engagedViews", "timeSpentSec")
    SELECT new."contentId", substr(new."date", 1, 10), c."type",
           new."views" + COALESCE(p."views", 0), new."shares" + COALESCE(p."shares", 0),
           new."engagedViews" + COALESCE(p."engagedViews", 0), new."timeSpentSec" + COALESCE(p."timeSpentSec", 0)
    FROM "ContentItem" c
    LEFT JOIN (
        SELECT "views", "shares", "engagedViews", "timeSpentSec" FROM "ContentMetricRunning"
        WHERE "contentId" = new."contentId" AND "day" < substr(new."date", 1, 10)
        ORDER BY "day" DESC LIMIT 1
    ) p ON 1
    WHERE c."id" = new."contentId";
    UPDATE "ContentMetricRunning" SET
        "views" = "views" + new."views", "shares" = "shares" + new."shares",
        "engagedViews" = "engagedViews" + new."engagedViews", "timeSpentSec" = "timeSpentSec" + new."timeSpentSec"
    WHERE "contentId" = new."contentId" AND "day" > substr(new."date", 1, 10);
END;
DROP TRIGGER IF EXISTS "ContentMetric_rollup_delete";
CREATE TRIGGER "ContentMetric_rollup_delete" AFTER DELETE ON "ContentMetric" BEGIN
    UPDATE "ContentMetricDaily" SET
        "views" = "views" - old."views", "shares" = "shares" - old."shares",
        "engagedViews" = "engagedViews" - old."engagedViews", "timeSpentSec" = "timeSpentSec" - old."timeSpentSec"
    WHERE "day" = substr(old."date", 1, 10)
      AND "type" = (SELECT "type" FROM "ContentMetricRunning" WHERE "contentId" = old."contentId" AND "day" = substr(old."date", 1, 10));
    UPDATE "ContentMetricRunning" SET
        "views" = "views" - old."views", "shares" = "shares" - old."shares",
        "engagedViews" = "engagedViews" - old."engagedViews", "timeSpentSec" = "timeSpentSec" - old."timeSpentSec"
    WHERE "contentId" = old."contentId" AND "day" > substr(old."date", 1, 10);
    DELETE FROM "ContentMetricRunning" WHERE "contentId" = old."contentId" AND "day" = substr(old."date", 1, 10);
END;
DROP TRIGGER IF EXISTS "ContentMetric_rollup_update";
CREATE TRIGGER "ContentMetric_rollup_update" AFTER UPDATE ON "ContentMetric" BEGIN
    UPDATE "ContentMetricDaily" SET
        "views" = "views" - old."views", "shares" = "shares" - old."shares",
        "engagedViews" = "engagedViews" - old."engagedViews", "timeSpentSec" = "timeSpentSec" - old."timeSpentSec"
    WHERE "day" = substr(old."date", 1, 10)
      AND "type" = (SELECT "type" FROM "ContentMetricRunning" WHERE "contentId" = old."contentId" AND "day" = substr(old."date", 1, 10));
    UPDATE "ContentMetricRunning" SET
        "views" = "views" - old."views", "shares" = "shares" - old."shares",
        "engagedViews" = "engagedViews" - old."engagedViews", "timeSpentSec" = "timeSpentSec" - old."timeSpentSec"
    WHERE "contentId" = old."contentId" AND "day" > substr(old."date", 1, 10);
    DELETE FROM "ContentMetricRunning" WHERE "contentId" = old."contentId" AND "day" = substr(old."date", 1, 10);
    INSERT INTO "ContentMetricDaily" ("day", "type", "views", "shares", "engagedViews", "timeSpentSec")
    SELECT substr(new."date", 1, 10), c."type", new."views", new."shares", new."engagedViews", new."timeSpentSec"
    FROM "ContentItem" c WHERE c."id" = new."contentId"
    ON CONFLICT ("day", "type") DO UPDATE SET
        "views" = "views" + excluded."views", "shares" = "shares" + excluded."shares",
        "engagedViews" = "engagedViews" + excluded."engagedViews", "timeSpentSec" = "timeSpentSec" + excluded."timeSpentSec";
    INSERT INTO "ContentMetricRunning" ("contentId", "day", "type", "views", "shares", "engagedViews", "timeSpentSec")
    SELECT new."contentId", substr(new."date", 1, 10), c."type",
           new."views" + COALESCE(p."views", 0), new."shares" + COALESCE(p."shares", 0),
           new."engagedViews" + COALESCE(p."engagedViews", 0), new."timeSpentSec" + COALESCE(p."timeSpentSec", 0)
    FROM "ContentItem" c
    LEFT JOIN (
        SELECT "views", "shares", "engagedViews", "timeSpentSec" FROM "ContentMetricRunning"
        WHERE "contentId" = new."contentId" AND "day" < substr(new."date", 1, 10)
        ORDER BY "day" DESC LIMIT 1
    ) p ON 1
    WHERE c."id" = new."contentId";
    UPDATE "ContentMetricRunning" SET
        "views" = "views" + new."views", "shares" = "shares" + new."shares",
        "engagedViews" = "engagedViews" + new."engagedViews", "timeSpentSec" = "timeSpentSec" + new."timeSpentSec"
    WHERE "contentId" = new."contentId" AND "day" > substr(new."date", 1, 10);
END;
DROP TRIGGER IF EXISTS "ContentItem_rollup_type";
CREATE TRIGGER "ContentItem_rollup_type" AFTER UPDATE OF "type" ON "ContentItem"
WHEN old."type" IS NOT new."type" BEGIN
    UPDATE "ContentMetricDaily" SET
        "views" = "ContentMetricDaily"."views" - m."views", "shares" = "ContentMetricDaily"."shares" - m."shares",
        "engagedViews" = "ContentMetricDaily"."engagedViews" - m."engagedViews",
        "timeSpentSec" = "ContentMetricDaily"."timeSpentSec" - m."timeSpentSec"
    FROM "ContentMetric" m
    WHERE m."contentId" = new."id" AND "ContentMetricDaily"."day" = substr(m."date", 1, 10) AND "ContentMetricDaily"."type" = old."type";
    INSERT INTO "ContentMetricDaily" ("day", "type", "views", "shares", "engagedViews", "timeSpentSec")
    SELECT substr(m."date", 1, 10), new."type", m."views", m."shares", m."engagedViews", m."timeSpentSec"
    FROM "ContentMetric" m WHERE m."contentId" = new."id"
    ON CONFLICT ("day", "type") DO UPDATE SET
        "views" = "views" + excluded."views", "shares" = "shares" + excluded."shares",
        "engagedViews" = "engagedViews" + excluded."engagedViews", "timeSpentSec" = "timeSpentSec" + excluded."timeSpentSec";
    UPDATE "ContentMetricRunning" SET "type" = new."type" WHERE "contentId" = new."id";
END;

-- ContentMetric → ContentMetricMonthly (decision 006).
DROP TRIGGER IF EXISTS "ContentMetric_month_insert";
CREATE TRIGGER "ContentMetric_month_insert" AFTER INSERT ON "ContentMetric" BEGIN
    INSERT INTO "ContentMetricMonthly" ("month", "contentId", "views") VALUES (substr(new."date", 1, 7), new."contentId", new."views")
    ON CONFLICT ("month", "contentId") DO UPDATE SET "views" = "views" + excluded."views";
END;
DROP TRIGGER IF EXISTS "ContentMetric_month_delete";
CREATE TRIGGER "ContentMetric_month_delete" AFTER DELETE ON "ContentMetric" BEGIN
    UPDATE "ContentMetricMonthly" SET "views" = "views" - old."views" WHERE "month" = substr(old."date", 1, 7) AND "contentId" = old."contentId";
END;
DROP TRIGGER IF EXISTS "ContentMetric_month_update";
CREATE TRIGGER "ContentMetric_month_update" AFTER UPDATE ON "ContentMetric" BEGIN
    UPDATE "ContentMetricMonthly" SET "views" = "views" - old."views" WHERE "month" = substr(old."date", 1, 7) AND "contentId" = old."contentId";
    INSERT INTO "ContentMetricMonthly" ("month", "contentId", "views") VALUES (substr(new."date", 1, 7), new."contentId", new."views")
    ON CONFLICT ("month", "contentId") DO UPDATE SET "views" = "views" + excluded."views";
END;

-- ContentItem, ContentMetric → ContentPostEngagement (decision 006).
DROP TRIGGER IF EXISTS "ContentItem_post_insert";
CREATE TRIGGER "ContentItem_post_insert" AFTER INSERT ON "ContentItem" WHEN new."publishedAt" IS NOT NULL BEGIN
    INSERT INTO "ContentPostEngagement" ("contentId", "publishedAt", "firstDay", "engagedViews")
    VALUES (new."id", new."publishedAt", substr(new."publishedAt", 1, 10),
            COALESCE((SELECT SUM(m."engagedViews") FROM "ContentMetric" m WHERE m."contentId" = new."id"
                      AND m."date" >= substr(new."publishedAt", 1, 10) AND m."date" < date(substr(new."publishedAt", 1, 10), '+7 days')), 0));
END;
DROP TRIGGER IF EXISTS "ContentItem_post_update";
CREATE TRIGGER "ContentItem_post_update" AFTER UPDATE OF "publishedAt" ON "ContentItem"
WHEN old."publishedAt" IS NOT new."publishedAt" BEGIN
    DELETE FROM "ContentPostEngagement" WHERE "contentId" = old."id";
    INSERT INTO "ContentPostEngagement" ("contentId", "publishedAt", "firstDay", "engagedViews")
    SELECT new."id", new."publishedAt", substr(new."publishedAt", 1, 10),
           COALESCE((SELECT SUM(m."engagedViews") FROM "ContentMetric" m WHERE m."contentId" = new."id"
                     AND m."date" >= substr(new."publishedAt", 1, 10) AND m."date" < date(substr(new."publishedAt", 1, 10), '+7 days')), 0)
    WHERE new."publishedAt" IS NOT NULL;
END;
DROP TRIGGER IF EXISTS "ContentItem_post_delete";
CREATE TRIGGER "ContentItem_post_delete" AFTER DELETE ON "ContentItem" BEGIN
    DELETE FROM "ContentPostEngagement" WHERE "contentId" = old."id";
END;
DROP TRIGGER IF EXISTS "ContentMetric_post_insert";
CREATE TRIGGER "ContentMetric_post_insert" AFTER INSERT ON "ContentMetric" BEGIN
    UPDATE "ContentPostEngagement" SET "engagedViews" = "engagedViews" + new."engagedViews"
    WHERE "contentId" = new."contentId" AND new."date" >= "firstDay" AND new."date" < date("firstDay", '+7 days');
END;
DROP TRIGGER IF EXISTS "ContentMetric_post_delete";
CREATE TRIGGER "ContentMetric_post_delete" AFTER DELETE ON "ContentMetric" BEGIN
    UPDATE "ContentPostEngagement" SET "engagedViews" = "engagedViews" - old."engagedViews"
    WHERE "contentId" = old."contentId" AND old."date" >= "firstDay" AND old."date" < date("firstDay", '+7 days');
END;
DROP TRIGGER IF EXISTS "ContentMetric_post_update";
CREATE TRIGGER "ContentMetric_post_update" AFTER UPDATE ON "ContentMetric" BEGIN
    UPDATE "ContentPostEngagement" SET "engagedViews" = "engagedViews" - old."engagedViews"
    WHERE "contentId" = old."contentId" AND old."date" >= "firstDay" AND old."date" < date("firstDay", '+7 days');
    UPDATE "ContentPostEngagement" SET "engagedViews" = "engagedViews" + new."engagedViews"
    WHERE "contentId" = new."contentId" AND new."date" >= "firstDay" AND new."date" < date("firstDay", '+7 days');
END;

-- ContentItem → PublishSchedule (decision 006).
DROP TRIGGER IF EXISTS "ContentItem_schedule_status";
CREATE TRIGGER "ContentItem_schedule_status" AFTER UPDATE OF "status" ON "ContentItem"
WHEN new."status" <> 'review' BEGIN
    DELETE FROM "PublishSchedule" WHERE "contentId" = new."id";
END;

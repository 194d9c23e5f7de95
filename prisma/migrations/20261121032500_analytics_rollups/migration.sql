-- Analytics at scale (see docs/decisions/006-analytics-at-scale.md).
-- Rollups of ContentMetric, kept in step by triggers; schema.prisma does not know them and
-- app/models/analytics.server.ts reads them with $queryRaw. ContentMetric itself is not rebuilt.
-- "day" is the metric's UTC date as yyyy-mm-dd (ContentMetric.date is always UTC midnight).

-- Totals per day and content type: cards, the line chart, the donut and the heatmap read a few
-- hundred of these rows instead of every item's metrics.
CREATE TABLE "ContentMetricDaily" (
    "day" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "views" INTEGER NOT NULL DEFAULT 0,
    "shares" INTEGER NOT NULL DEFAULT 0,
    "engagedViews" INTEGER NOT NULL DEFAULT 0,
    "timeSpentSec" INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY ("day", "type")
) WITHOUT ROWID;

-- Running totals per item: each metric row's values summed with every earlier day of that item.
-- An item's totals for any range are two lookups (last row in the range minus last row before it),
-- so Top Content, the per-item export and best time to post never sum daily rows.
-- "type" is kept here so a deleted item's rows can still be taken off ContentMetricDaily.
CREATE TABLE "ContentMetricRunning" (
    "contentId" TEXT NOT NULL,
    "day" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "views" INTEGER NOT NULL,
    "shares" INTEGER NOT NULL,
    "engagedViews" INTEGER NOT NULL,
    "timeSpentSec" INTEGER NOT NULL,
    PRIMARY KEY ("contentId", "day")
) WITHOUT ROWID;

-- Every item's running totals on one day, read in one pass (Top Content ranks every item this way).
CREATE INDEX "ContentMetricRunning_day_idx" ON "ContentMetricRunning"("day", "contentId", "views");

-- Backfill from what is already there.
INSERT INTO "ContentMetricDaily" ("day", "type", "views", "shares", "engagedViews", "timeSpentSec")
SELECT substr(m."date", 1, 10), c."type", SUM(m."views"), SUM(m."shares"), SUM(m."engagedViews"), SUM(m."timeSpentSec")
FROM "ContentMetric" m JOIN "ContentItem" c ON c."id" = m."contentId"
GROUP BY 1, 2;

INSERT INTO "ContentMetricRunning" ("contentId", "day", "type", "views", "shares", "engagedViews", "timeSpentSec")
SELECT m."contentId", substr(m."date", 1, 10), c."type",
       SUM(m."views") OVER w, SUM(m."shares") OVER w, SUM(m."engagedViews") OVER w, SUM(m."timeSpentSec") OVER w
FROM "ContentMetric" m JOIN "ContentItem" c ON c."id" = m."contentId"
WINDOW w AS (PARTITION BY m."contentId" ORDER BY m."date" ROWS UNBOUNDED PRECEDING);

-- A new metric row: add it to its day and type, start its running row from the item's previous
-- running row, and add it to every later running row of the item (none when today's row arrives).
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

-- A removed metric row (also when its item is deleted): the reverse, with the type taken from
-- the running row, since the item may already be gone.
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

-- A changed metric row: take the old values off, then put the new ones on (as delete + insert).
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

-- An item changing type moves its metrics from the old type's daily rows to the new type's.
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

-- Views per item and calendar month, sorted per month: Top Content reads the top of each month the
-- range touches, and stops as soon as no other item can beat its fifth (decision 006).
CREATE TABLE "ContentMetricMonthly" (
    "month" TEXT NOT NULL,
    "contentId" TEXT NOT NULL,
    "views" INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY ("month", "contentId")
) WITHOUT ROWID;
CREATE INDEX "ContentMetricMonthly_month_views_idx" ON "ContentMetricMonthly"("month", "views");

INSERT INTO "ContentMetricMonthly" ("month", "contentId", "views")
SELECT substr(m."date", 1, 7), m."contentId", SUM(m."views") FROM "ContentMetric" m GROUP BY 1, 2;

CREATE TRIGGER "ContentMetric_month_insert" AFTER INSERT ON "ContentMetric" BEGIN
    INSERT INTO "ContentMetricMonthly" ("month", "contentId", "views") VALUES (substr(new."date", 1, 7), new."contentId", new."views")
    ON CONFLICT ("month", "contentId") DO UPDATE SET "views" = "views" + excluded."views";
END;

CREATE TRIGGER "ContentMetric_month_delete" AFTER DELETE ON "ContentMetric" BEGIN
    UPDATE "ContentMetricMonthly" SET "views" = "views" - old."views" WHERE "month" = substr(old."date", 1, 7) AND "contentId" = old."contentId";
END;

CREATE TRIGGER "ContentMetric_month_update" AFTER UPDATE ON "ContentMetric" BEGIN
    UPDATE "ContentMetricMonthly" SET "views" = "views" - old."views" WHERE "month" = substr(old."date", 1, 7) AND "contentId" = old."contentId";
    INSERT INTO "ContentMetricMonthly" ("month", "contentId", "views") VALUES (substr(new."date", 1, 7), new."contentId", new."views")
    ON CONFLICT ("month", "contentId") DO UPDATE SET "views" = "views" + excluded."views";
END;

-- One row per published item: when it was published and its engaged views in its first 7 days
-- (publication day included), for best time to post. Kept by ContentItem's publishedAt and by
-- ContentMetric rows that fall in that week.
CREATE TABLE "ContentPostEngagement" (
    "contentId" TEXT NOT NULL PRIMARY KEY,
    "publishedAt" TEXT NOT NULL,
    "firstDay" TEXT NOT NULL,
    "engagedViews" INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX "ContentPostEngagement_publishedAt_idx" ON "ContentPostEngagement"("publishedAt");

INSERT INTO "ContentPostEngagement" ("contentId", "publishedAt", "firstDay", "engagedViews")
SELECT c."id", c."publishedAt", substr(c."publishedAt", 1, 10),
       COALESCE((SELECT SUM(m."engagedViews") FROM "ContentMetric" m WHERE m."contentId" = c."id"
                 AND m."date" >= substr(c."publishedAt", 1, 10) AND m."date" < date(substr(c."publishedAt", 1, 10), '+7 days')), 0)
FROM "ContentItem" c WHERE c."publishedAt" IS NOT NULL;

CREATE TRIGGER "ContentItem_post_insert" AFTER INSERT ON "ContentItem" WHEN new."publishedAt" IS NOT NULL BEGIN
    INSERT INTO "ContentPostEngagement" ("contentId", "publishedAt", "firstDay", "engagedViews")
    VALUES (new."id", new."publishedAt", substr(new."publishedAt", 1, 10),
            COALESCE((SELECT SUM(m."engagedViews") FROM "ContentMetric" m WHERE m."contentId" = new."id"
                      AND m."date" >= substr(new."publishedAt", 1, 10) AND m."date" < date(substr(new."publishedAt", 1, 10), '+7 days')), 0));
END;

CREATE TRIGGER "ContentItem_post_update" AFTER UPDATE OF "publishedAt" ON "ContentItem"
WHEN old."publishedAt" IS NOT new."publishedAt" BEGIN
    DELETE FROM "ContentPostEngagement" WHERE "contentId" = old."id";
    INSERT INTO "ContentPostEngagement" ("contentId", "publishedAt", "firstDay", "engagedViews")
    SELECT new."id", new."publishedAt", substr(new."publishedAt", 1, 10),
           COALESCE((SELECT SUM(m."engagedViews") FROM "ContentMetric" m WHERE m."contentId" = new."id"
                     AND m."date" >= substr(new."publishedAt", 1, 10) AND m."date" < date(substr(new."publishedAt", 1, 10), '+7 days')), 0)
    WHERE new."publishedAt" IS NOT NULL;
END;

CREATE TRIGGER "ContentItem_post_delete" AFTER DELETE ON "ContentItem" BEGIN
    DELETE FROM "ContentPostEngagement" WHERE "contentId" = old."id";
END;

CREATE TRIGGER "ContentMetric_post_insert" AFTER INSERT ON "ContentMetric" BEGIN
    UPDATE "ContentPostEngagement" SET "engagedViews" = "engagedViews" + new."engagedViews"
    WHERE "contentId" = new."contentId" AND new."date" >= "firstDay" AND new."date" < date("firstDay", '+7 days');
END;

CREATE TRIGGER "ContentMetric_post_delete" AFTER DELETE ON "ContentMetric" BEGIN
    UPDATE "ContentPostEngagement" SET "engagedViews" = "engagedViews" - old."engagedViews"
    WHERE "contentId" = old."contentId" AND old."date" >= "firstDay" AND old."date" < date("firstDay", '+7 days');
END;

CREATE TRIGGER "ContentMetric_post_update" AFTER UPDATE ON "ContentMetric" BEGIN
    UPDATE "ContentPostEngagement" SET "engagedViews" = "engagedViews" - old."engagedViews"
    WHERE "contentId" = old."contentId" AND old."date" >= "firstDay" AND old."date" < date("firstDay", '+7 days');
    UPDATE "ContentPostEngagement" SET "engagedViews" = "engagedViews" + new."engagedViews"
    WHERE "contentId" = new."contentId" AND new."date" >= "firstDay" AND new."date" < date("firstDay", '+7 days');
END;

-- A ContentMetric row updated in place (same item, same day), which is what every tracker batch does,
-- moves its rollups by the difference in one statement each (decision 030). The general triggers, which
-- take the old figures out and put the new ones in (delete and re-insert the running total), now run
-- only when an update moves a row to another item or day.

DROP TRIGGER "ContentMetric_rollup_update";
CREATE TRIGGER "ContentMetric_rollup_update" AFTER UPDATE ON "ContentMetric"
WHEN old."contentId" IS NOT new."contentId" OR old."date" IS NOT new."date" BEGIN
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

DROP TRIGGER "ContentMetric_month_update";
CREATE TRIGGER "ContentMetric_month_update" AFTER UPDATE ON "ContentMetric"
WHEN old."contentId" IS NOT new."contentId" OR old."date" IS NOT new."date" BEGIN
    UPDATE "ContentMetricMonthly" SET "views" = "views" - old."views" WHERE "month" = substr(old."date", 1, 7) AND "contentId" = old."contentId";
    INSERT INTO "ContentMetricMonthly" ("month", "contentId", "views") VALUES (substr(new."date", 1, 7), new."contentId", new."views")
    ON CONFLICT ("month", "contentId") DO UPDATE SET "views" = "views" + excluded."views";
END;

DROP TRIGGER "ContentMetric_post_update";
CREATE TRIGGER "ContentMetric_post_update" AFTER UPDATE ON "ContentMetric"
WHEN old."contentId" IS NOT new."contentId" OR old."date" IS NOT new."date" BEGIN
    UPDATE "ContentPostEngagement" SET "engagedViews" = "engagedViews" - old."engagedViews"
    WHERE "contentId" = old."contentId" AND old."date" >= "firstDay" AND old."date" < date("firstDay", '+7 days');
    UPDATE "ContentPostEngagement" SET "engagedViews" = "engagedViews" + new."engagedViews"
    WHERE "contentId" = new."contentId" AND new."date" >= "firstDay" AND new."date" < date("firstDay", '+7 days');
END;

DROP TRIGGER "ContentMetric_listing_update";
CREATE TRIGGER "ContentMetric_listing_update" AFTER UPDATE OF "views", "contentId" ON "ContentMetric"
WHEN old."contentId" IS NOT new."contentId" OR old."date" IS NOT new."date" BEGIN
    UPDATE "ContentListing" SET "views" = "views" - old."views" WHERE "contentId" = old."contentId";
    UPDATE "ContentListing" SET "views" = "views" + new."views" WHERE "contentId" = new."contentId";
END;

-- The same item and day: each rollup moves by the difference, and only where a figure it keeps changed.
CREATE TRIGGER "ContentMetric_in_place_update" AFTER UPDATE ON "ContentMetric"
WHEN old."contentId" = new."contentId" AND old."date" = new."date" BEGIN
    UPDATE "ContentMetricDaily" SET
        "views" = "views" + (new."views" - old."views"), "shares" = "shares" + (new."shares" - old."shares"),
        "engagedViews" = "engagedViews" + (new."engagedViews" - old."engagedViews"),
        "timeSpentSec" = "timeSpentSec" + (new."timeSpentSec" - old."timeSpentSec")
    WHERE "day" = substr(new."date", 1, 10)
      AND "type" = (SELECT "type" FROM "ContentMetricRunning" WHERE "contentId" = new."contentId" AND "day" = substr(new."date", 1, 10));
    UPDATE "ContentMetricRunning" SET
        "views" = "views" + (new."views" - old."views"), "shares" = "shares" + (new."shares" - old."shares"),
        "engagedViews" = "engagedViews" + (new."engagedViews" - old."engagedViews"),
        "timeSpentSec" = "timeSpentSec" + (new."timeSpentSec" - old."timeSpentSec")
    WHERE "contentId" = new."contentId" AND "day" >= substr(new."date", 1, 10);
    UPDATE "ContentMetricMonthly" SET "views" = "views" + (new."views" - old."views")
    WHERE new."views" <> old."views" AND "month" = substr(new."date", 1, 7) AND "contentId" = new."contentId";
    UPDATE "ContentPostEngagement" SET "engagedViews" = "engagedViews" + (new."engagedViews" - old."engagedViews")
    WHERE new."engagedViews" <> old."engagedViews" AND "contentId" = new."contentId"
      AND new."date" >= "firstDay" AND new."date" < date("firstDay", '+7 days');
    UPDATE "ContentListing" SET "views" = "views" + (new."views" - old."views")
    WHERE new."views" <> old."views" AND "contentId" = new."contentId";
END;

-- Deleting an item took its metrics off the rollups one row at a time, each row moving every later
-- day's running total: quadratic in the item's days (half a second at 180 days). PostgreSQL-only:
-- SQLite's twin answers the same delete in milliseconds.
--
-- Now the item's running totals and its share of the daily rows go in one statement each, before the
-- delete. The metric triggers then fire for the rows the cascade removes as before (the months, the
-- listing, the first week), but find no running totals to move, nor (found through them) daily rows.
CREATE FUNCTION studio_item_metrics_leave() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE "ContentMetricDaily" d SET
        "views" = d."views" - m."views", "shares" = d."shares" - m."shares",
        "engagedViews" = d."engagedViews" - m."engagedViews", "timeSpentSec" = d."timeSpentSec" - m."timeSpentSec"
    FROM "ContentMetric" m
    WHERE m."contentId" = old."id" AND d."day" = studio_day(m."date")
      AND d."type" = (SELECT r."type" FROM "ContentMetricRunning" r WHERE r."contentId" = old."id" AND r."day" = studio_day(m."date"));
    DELETE FROM "ContentMetricRunning" WHERE "contentId" = old."id";
    RETURN old;
END $$;
CREATE TRIGGER "ContentItem_metrics_leave" BEFORE DELETE ON "ContentItem" FOR EACH ROW EXECUTE FUNCTION studio_item_metrics_leave();

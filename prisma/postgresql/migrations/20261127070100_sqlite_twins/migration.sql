-- PostgreSQL twins of the SQL that prisma/schema.prisma cannot say (prisma/fts5-and-triggers.md lists
-- the SQLite originals; decision 046). Dates are native timestamps here, so a rollup's day is
-- to_char(date, 'YYYY-MM-DD') where SQLite takes substr of the ISO text.

-- ContentListing.id is a rowid alias on SQLite (assigned on insert); here a sequence does it.
CREATE SEQUENCE "ContentListing_id_seq" OWNED BY "ContentListing"."id";
ALTER TABLE "ContentListing" ALTER COLUMN "id" SET DEFAULT nextval('"ContentListing_id_seq"');

-- Search (SQLite: FTS5 trigram ContentSearch, word index ContentBody). Titles and tags: any substring,
-- through pg_trgm's GIN index (a 1–2 character term is checked row by row, as a dense term is on SQLite).
-- Bodies: words through a tsvector expression index ('simple': no stemming, and unaccent as
-- unicode61's remove_diacritics). app/models/library-postgres.server.ts queries both.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE EXTENSION IF NOT EXISTS unaccent;
CREATE INDEX "ContentListing_searchTitle_trgm_idx" ON "ContentListing" USING gin ("searchTitle" gin_trgm_ops);
CREATE INDEX "ContentListing_searchTags_trgm_idx" ON "ContentListing" USING gin ("searchTags" gin_trgm_ops);
-- unaccent() with its dictionary named is immutable in fact, so it can sit in an index expression.
CREATE FUNCTION studio_body_words(body text) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
$$ SELECT to_tsvector('simple'::regconfig, public.unaccent('public.unaccent'::regdictionary, body)) $$;
CREATE FUNCTION studio_body_query(query text) RETURNS tsquery LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
$$ SELECT to_tsquery('simple'::regconfig, public.unaccent('public.unaccent'::regdictionary, query)) $$;
CREATE INDEX "ContentItem_body_words_idx" ON "ContentItem" USING gin (studio_body_words("body"));

-- SQLite's instr(), so a query that only needs it runs on both engines.
CREATE FUNCTION instr(haystack text, needle text) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT strpos(haystack, needle) $$;

-- The lower-cased title or tag text as SQLite's triggers write it: each followed by two char(31).
CREATE FUNCTION studio_search_text(t text) RETURNS text LANGUAGE sql IMMUTABLE AS $$ SELECT lower(t) || chr(31) || chr(31) $$;

-- ContentItem → ContentListing (and the filter values' codes).
CREATE FUNCTION studio_item_listing() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO "SearchFacetCode" ("kind", "value") VALUES ('s', new."status"), ('t', new."type"), ('a', new."authorId")
    ON CONFLICT DO NOTHING;
    IF TG_OP = 'INSERT' THEN
        INSERT INTO "ContentListing" ("contentId", "status", "updatedAt", "searchTitle", "type", "authorId", "createdAt", "publishedAt")
        VALUES (new."id", new."status", new."updatedAt", studio_search_text(new."title"), new."type", new."authorId", new."createdAt", new."publishedAt");
    ELSE
        UPDATE "ContentListing"
        SET "contentId" = new."id", "status" = new."status", "updatedAt" = new."updatedAt", "searchTitle" = studio_search_text(new."title"),
            "type" = new."type", "authorId" = new."authorId", "createdAt" = new."createdAt", "publishedAt" = new."publishedAt"
        WHERE "contentId" = old."id";
    END IF;
    RETURN NULL;
END $$;
CREATE TRIGGER "ContentItem_listing_insert" AFTER INSERT ON "ContentItem" FOR EACH ROW EXECUTE FUNCTION studio_item_listing();
CREATE TRIGGER "ContentItem_listing_update" AFTER UPDATE ON "ContentItem" FOR EACH ROW EXECUTE FUNCTION studio_item_listing();

CREATE FUNCTION studio_item_listing_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    DELETE FROM "ContentListing" WHERE "contentId" = old."id";
    RETURN NULL;
END $$;
CREATE TRIGGER "ContentItem_listing_delete" AFTER DELETE ON "ContentItem" FOR EACH ROW EXECUTE FUNCTION studio_item_listing_delete();

-- ContentTag → ContentListing.searchTags, in name order (binary) as SQLite reads them from the primary key.
CREATE FUNCTION studio_tags_of(item text) RETURNS text LANGUAGE sql STABLE AS $$
    SELECT COALESCE(string_agg(studio_search_text(t."name"), '' ORDER BY t."name" COLLATE "C"), '') FROM "ContentTag" t WHERE t."contentId" = item
$$;
CREATE FUNCTION studio_tag_listing() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP <> 'DELETE' THEN
        INSERT INTO "SearchFacetCode" ("kind", "value") VALUES ('g', new."name") ON CONFLICT DO NOTHING;
        UPDATE "ContentListing" SET "searchTags" = studio_tags_of(new."contentId") WHERE "contentId" = new."contentId";
    END IF;
    IF TG_OP <> 'INSERT' THEN
        UPDATE "ContentListing" SET "searchTags" = studio_tags_of(old."contentId") WHERE "contentId" = old."contentId";
    END IF;
    RETURN NULL;
END $$;
CREATE TRIGGER "ContentTag_listing" AFTER INSERT OR UPDATE OR DELETE ON "ContentTag" FOR EACH ROW EXECUTE FUNCTION studio_tag_listing();

-- ContentMetric → ContentListing.views.
CREATE FUNCTION studio_metric_listing() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP <> 'INSERT' THEN
        UPDATE "ContentListing" SET "views" = "views" - old."views" WHERE "contentId" = old."contentId";
    END IF;
    IF TG_OP <> 'DELETE' THEN
        UPDATE "ContentListing" SET "views" = "views" + new."views" WHERE "contentId" = new."contentId";
    END IF;
    RETURN NULL;
END $$;
CREATE TRIGGER "ContentMetric_listing" AFTER INSERT OR UPDATE OR DELETE ON "ContentMetric" FOR EACH ROW EXECUTE FUNCTION studio_metric_listing();

-- Analytics rollups (decision 006): ContentMetric → ContentMetricDaily, ContentMetricRunning,
-- ContentMetricMonthly and ContentPostEngagement. An update is the old row taken off and the new put on.
CREATE FUNCTION studio_day(d timestamp) RETURNS text LANGUAGE sql IMMUTABLE AS $$ SELECT to_char(d, 'YYYY-MM-DD') $$;
CREATE FUNCTION studio_iso(d timestamp) RETURNS text LANGUAGE sql IMMUTABLE AS $$ SELECT to_char(d, 'YYYY-MM-DD"T"HH24:MI:SS.MS"+00:00"') $$;

CREATE FUNCTION studio_metric_rollups() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    metric_day text;
BEGIN
    IF TG_OP <> 'INSERT' THEN
        metric_day := studio_day(old."date");
        UPDATE "ContentMetricDaily" d SET
            "views" = d."views" - old."views", "shares" = d."shares" - old."shares",
            "engagedViews" = d."engagedViews" - old."engagedViews", "timeSpentSec" = d."timeSpentSec" - old."timeSpentSec"
        WHERE d."day" = metric_day AND d."type" = (SELECT r."type" FROM "ContentMetricRunning" r WHERE r."contentId" = old."contentId" AND r."day" = metric_day);
        UPDATE "ContentMetricRunning" r SET
            "views" = r."views" - old."views", "shares" = r."shares" - old."shares",
            "engagedViews" = r."engagedViews" - old."engagedViews", "timeSpentSec" = r."timeSpentSec" - old."timeSpentSec"
        WHERE r."contentId" = old."contentId" AND r."day" > metric_day;
        DELETE FROM "ContentMetricRunning" r WHERE r."contentId" = old."contentId" AND r."day" = metric_day;
        UPDATE "ContentMetricMonthly" m SET "views" = m."views" - old."views" WHERE m."month" = left(metric_day, 7) AND m."contentId" = old."contentId";
        UPDATE "ContentPostEngagement" e SET "engagedViews" = e."engagedViews" - old."engagedViews"
        WHERE e."contentId" = old."contentId" AND metric_day >= e."firstDay" AND metric_day < studio_day(e."firstDay"::date + 7);
    END IF;
    IF TG_OP <> 'DELETE' THEN
        metric_day := studio_day(new."date");
        INSERT INTO "ContentMetricDaily" AS d ("day", "type", "views", "shares", "engagedViews", "timeSpentSec")
        SELECT metric_day, c."type", new."views", new."shares", new."engagedViews", new."timeSpentSec" FROM "ContentItem" c WHERE c."id" = new."contentId"
        ON CONFLICT ("day", "type") DO UPDATE SET
            "views" = d."views" + excluded."views", "shares" = d."shares" + excluded."shares",
            "engagedViews" = d."engagedViews" + excluded."engagedViews", "timeSpentSec" = d."timeSpentSec" + excluded."timeSpentSec";
        INSERT INTO "ContentMetricRunning" ("contentId", "day", "type", "views", "shares", "engagedViews", "timeSpentSec")
        SELECT new."contentId", metric_day, c."type",
               new."views" + COALESCE(p."views", 0), new."shares" + COALESCE(p."shares", 0),
               new."engagedViews" + COALESCE(p."engagedViews", 0), new."timeSpentSec" + COALESCE(p."timeSpentSec", 0)
        FROM "ContentItem" c
        LEFT JOIN LATERAL (
            SELECT r."views", r."shares", r."engagedViews", r."timeSpentSec" FROM "ContentMetricRunning" r
            WHERE r."contentId" = new."contentId" AND r."day" < metric_day ORDER BY r."day" DESC LIMIT 1
        ) p ON true
        WHERE c."id" = new."contentId";
        UPDATE "ContentMetricRunning" r SET
            "views" = r."views" + new."views", "shares" = r."shares" + new."shares",
            "engagedViews" = r."engagedViews" + new."engagedViews", "timeSpentSec" = r."timeSpentSec" + new."timeSpentSec"
        WHERE r."contentId" = new."contentId" AND r."day" > metric_day;
        INSERT INTO "ContentMetricMonthly" AS m ("month", "contentId", "views") VALUES (left(metric_day, 7), new."contentId", new."views")
        ON CONFLICT ("month", "contentId") DO UPDATE SET "views" = m."views" + excluded."views";
        UPDATE "ContentPostEngagement" e SET "engagedViews" = e."engagedViews" + new."engagedViews"
        WHERE e."contentId" = new."contentId" AND metric_day >= e."firstDay" AND metric_day < studio_day(e."firstDay"::date + 7);
    END IF;
    RETURN NULL;
END $$;
CREATE TRIGGER "ContentMetric_rollups" AFTER INSERT OR UPDATE OR DELETE ON "ContentMetric" FOR EACH ROW EXECUTE FUNCTION studio_metric_rollups();

-- An item changing type moves its metrics between the types' daily rows.
CREATE FUNCTION studio_item_rollup_type() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE "ContentMetricDaily" d SET
        "views" = d."views" - m."views", "shares" = d."shares" - m."shares",
        "engagedViews" = d."engagedViews" - m."engagedViews", "timeSpentSec" = d."timeSpentSec" - m."timeSpentSec"
    FROM "ContentMetric" m
    WHERE m."contentId" = new."id" AND d."day" = studio_day(m."date") AND d."type" = old."type";
    INSERT INTO "ContentMetricDaily" AS d ("day", "type", "views", "shares", "engagedViews", "timeSpentSec")
    SELECT studio_day(m."date"), new."type", m."views", m."shares", m."engagedViews", m."timeSpentSec" FROM "ContentMetric" m WHERE m."contentId" = new."id"
    ON CONFLICT ("day", "type") DO UPDATE SET
        "views" = d."views" + excluded."views", "shares" = d."shares" + excluded."shares",
        "engagedViews" = d."engagedViews" + excluded."engagedViews", "timeSpentSec" = d."timeSpentSec" + excluded."timeSpentSec";
    UPDATE "ContentMetricRunning" SET "type" = new."type" WHERE "contentId" = new."id";
    RETURN NULL;
END $$;
CREATE TRIGGER "ContentItem_rollup_type" AFTER UPDATE OF "type" ON "ContentItem"
FOR EACH ROW WHEN (old."type" IS DISTINCT FROM new."type") EXECUTE FUNCTION studio_item_rollup_type();

-- ContentItem.publishedAt → ContentPostEngagement (engaged views in the first 7 days).
CREATE FUNCTION studio_item_post() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP <> 'INSERT' THEN
        DELETE FROM "ContentPostEngagement" WHERE "contentId" = old."id";
    END IF;
    IF TG_OP <> 'DELETE' AND new."publishedAt" IS NOT NULL THEN
        INSERT INTO "ContentPostEngagement" ("contentId", "publishedAt", "firstDay", "engagedViews")
        VALUES (new."id", studio_iso(new."publishedAt"), studio_day(new."publishedAt"),
                COALESCE((SELECT SUM(m."engagedViews") FROM "ContentMetric" m WHERE m."contentId" = new."id"
                          AND m."date" >= date_trunc('day', new."publishedAt") AND m."date" < date_trunc('day', new."publishedAt") + interval '7 days'), 0));
    END IF;
    RETURN NULL;
END $$;
CREATE TRIGGER "ContentItem_post_insert" AFTER INSERT ON "ContentItem" FOR EACH ROW EXECUTE FUNCTION studio_item_post();
CREATE TRIGGER "ContentItem_post_update" AFTER UPDATE OF "publishedAt" ON "ContentItem"
FOR EACH ROW WHEN (old."publishedAt" IS DISTINCT FROM new."publishedAt") EXECUTE FUNCTION studio_item_post();
CREATE TRIGGER "ContentItem_post_delete" AFTER DELETE ON "ContentItem" FOR EACH ROW EXECUTE FUNCTION studio_item_post();

-- An item leaving review drops its PublishSchedule.
CREATE FUNCTION studio_item_schedule_status() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    DELETE FROM "PublishSchedule" WHERE "contentId" = new."id";
    RETURN NULL;
END $$;
CREATE TRIGGER "ContentItem_schedule_status" AFTER UPDATE OF "status" ON "ContentItem"
FOR EACH ROW WHEN (new."status" <> 'review') EXECUTE FUNCTION studio_item_schedule_status();

-- The content version (decision 026): one counter any write to these tables moves. Per statement,
-- not per row: readers only ask whether it changed.
INSERT INTO "DataRevision" ("id", "n") VALUES (1, 0);
CREATE FUNCTION studio_data_revision() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1;
    RETURN NULL;
END $$;
DO $$
DECLARE
    t text;
BEGIN
    FOREACH t IN ARRAY ARRAY['ActivityEvent', 'Agent', 'ApiToken', 'AssistantCall', 'AssistantModel', 'BrandTone', 'ChannelPost',
        'ChannelPostMetric', 'Comment', 'ContentDoc', 'ContentItem', 'ContentRevision', 'ContentTag', 'ContentVisual', 'EditorPresence',
        'Integration', 'Invitation', 'LoginFailure', 'NetworkApp', 'Notification', 'NotificationPreference', 'OAuthAttempt',
        'PublishDelivery', 'PublishSchedule', 'SearchFacetCode', 'Session', 'Settings', 'ShortLink', 'TrackedSite', 'TrackerSettings',
        'Upload', 'User', 'WorkflowJob', 'WorkflowRun', 'WorkflowSettings', 'WorkflowStep', 'WorkflowWorker']
    LOOP
        EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH STATEMENT EXECUTE FUNCTION studio_data_revision()',
            t || '_revision', t);
    END LOOP;
END $$;

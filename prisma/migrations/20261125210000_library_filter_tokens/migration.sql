-- The library's filters inside its two full-text indexes (decision 031): each item's status, type,
-- author and tags as tokens, so a filtered search is counted by one FTS5 query ("launch AND draft")
-- instead of collecting every match and checking each against the filter's index.
--
-- A token is a code of three private-use characters: one trigram for ContentSearch (tokenize=trigram)
-- and one word for ContentBody (unicode61 keeps private-use characters in words). A user's term never
-- matches one: the title query is limited to the title and tag columns, the body query to the body.
-- Code of SearchFacetCode row id n of kind k ('s' status, 't' type, 'a' author, 'g' tag):
--   char(57344 + k's index in 'stag', 57600 + n / 2000, 59600 + n % 2000)
-- (app/models/content-search.server.ts reads codes with the same expression).
--
-- Both indexes become contentless (a row is deleted by its id and inserted again from the tables as
-- they are now), so the tokens are not stored in ContentListing, whose rows the library scans.

CREATE TABLE "SearchFacetCode" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "kind" TEXT NOT NULL,
    "value" TEXT NOT NULL
);
CREATE UNIQUE INDEX "SearchFacetCode_kind_value_key" ON "SearchFacetCode"("kind", "value");

INSERT OR IGNORE INTO "SearchFacetCode" ("kind", "value")
SELECT 's', "status" FROM "ContentListing" UNION SELECT 't', "type" FROM "ContentListing"
UNION SELECT 'a', "authorId" FROM "ContentListing" UNION SELECT 'g', "name" FROM "ContentTag";

-- Each listing row's tokens, as the triggers below index them.
CREATE VIEW "ContentListingFacets" AS
SELECT l."id", COALESCE((
    SELECT group_concat(char(57344 + instr('stag', f."kind") - 1, 57600 + f."id" / 2000, 59600 + f."id" % 2000), ' ')
    FROM "SearchFacetCode" f
    WHERE (f."kind" = 's' AND f."value" = l."status") OR (f."kind" = 't' AND f."value" = l."type") OR (f."kind" = 'a' AND f."value" = l."authorId")
       OR (f."kind" = 'g' AND f."value" IN (SELECT t."name" FROM "ContentTag" t WHERE t."contentId" = l."contentId"))
), '') AS "facets"
FROM "ContentListing" l;

DROP TRIGGER IF EXISTS "ContentListing_search_insert";
DROP TRIGGER IF EXISTS "ContentListing_search_update";
DROP TRIGGER IF EXISTS "ContentListing_search_delete";
DROP TRIGGER IF EXISTS "ContentListing_body_insert";
DROP TRIGGER IF EXISTS "ContentListing_body_delete";
DROP TRIGGER IF EXISTS "ContentItem_body_update";

DROP TABLE IF EXISTS "ContentSearchTerms";
DROP TABLE IF EXISTS "ContentSearch";
CREATE VIRTUAL TABLE "ContentSearch" USING fts5(
    "searchTitle", "searchTags", "searchFacets", content = '', contentless_delete = 1, tokenize = 'trigram'
);
INSERT INTO "ContentSearch" ("rowid", "searchTitle", "searchTags", "searchFacets")
SELECT l."id", l."searchTitle", l."searchTags", f."facets" FROM "ContentListing" l JOIN "ContentListingFacets" f ON f."id" = l."id";
CREATE VIRTUAL TABLE "ContentSearchTerms" USING fts5vocab('ContentSearch', 'row');

DROP TABLE IF EXISTS "ContentBody";
CREATE VIRTUAL TABLE "ContentBody" USING fts5(
    "body", "facets", content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
);
INSERT INTO "ContentBody" ("rowid", "body", "facets")
SELECT l."id", c."body", f."facets" FROM "ContentListing" l JOIN "ContentItem" c ON c."id" = l."contentId" JOIN "ContentListingFacets" f ON f."id" = l."id";

-- ContentListing → ContentSearch and ContentBody: a row is indexed again when its text or a filter
-- value changes, from the tables as they are then (so the order the triggers run in does not matter).
CREATE TRIGGER "ContentListing_search_insert" AFTER INSERT ON "ContentListing" BEGIN
    INSERT INTO "ContentSearch" ("rowid", "searchTitle", "searchTags", "searchFacets")
    VALUES (new."id", new."searchTitle", new."searchTags", (SELECT "facets" FROM "ContentListingFacets" WHERE "id" = new."id"));
END;
CREATE TRIGGER "ContentListing_search_update" AFTER UPDATE OF "searchTitle", "searchTags", "status", "type", "authorId" ON "ContentListing"
WHEN old."searchTitle" IS NOT new."searchTitle" OR old."searchTags" IS NOT new."searchTags"
  OR old."status" IS NOT new."status" OR old."type" IS NOT new."type" OR old."authorId" IS NOT new."authorId" BEGIN
    DELETE FROM "ContentSearch" WHERE "rowid" = old."id";
    INSERT INTO "ContentSearch" ("rowid", "searchTitle", "searchTags", "searchFacets")
    VALUES (new."id", new."searchTitle", new."searchTags", (SELECT "facets" FROM "ContentListingFacets" WHERE "id" = new."id"));
END;
CREATE TRIGGER "ContentListing_search_delete" AFTER DELETE ON "ContentListing" BEGIN
    DELETE FROM "ContentSearch" WHERE "rowid" = old."id";
END;
-- ContentListing insert runs inside ContentItem's insert, after the item row exists.
CREATE TRIGGER "ContentListing_body_insert" AFTER INSERT ON "ContentListing" BEGIN
    INSERT INTO "ContentBody" ("rowid", "body", "facets")
    SELECT new."id", c."body", (SELECT "facets" FROM "ContentListingFacets" WHERE "id" = new."id") FROM "ContentItem" c WHERE c."id" = new."contentId";
END;
CREATE TRIGGER "ContentListing_body_facets" AFTER UPDATE OF "searchTags", "status", "type", "authorId" ON "ContentListing"
WHEN old."searchTags" IS NOT new."searchTags" OR old."status" IS NOT new."status" OR old."type" IS NOT new."type" OR old."authorId" IS NOT new."authorId" BEGIN
    DELETE FROM "ContentBody" WHERE "rowid" = old."id";
    INSERT INTO "ContentBody" ("rowid", "body", "facets")
    SELECT new."id", c."body", (SELECT "facets" FROM "ContentListingFacets" WHERE "id" = new."id") FROM "ContentItem" c WHERE c."id" = new."contentId";
END;
CREATE TRIGGER "ContentListing_body_delete" AFTER DELETE ON "ContentListing" BEGIN
    DELETE FROM "ContentBody" WHERE "rowid" = old."id";
END;
CREATE TRIGGER "ContentItem_body_update" AFTER UPDATE OF "body" ON "ContentItem" WHEN old."body" IS NOT new."body" BEGIN
    DELETE FROM "ContentBody" WHERE "rowid" = (SELECT "id" FROM "ContentListing" WHERE "contentId" = new."id");
    INSERT INTO "ContentBody" ("rowid", "body", "facets")
    SELECT l."id", new."body", f."facets" FROM "ContentListing" l JOIN "ContentListingFacets" f ON f."id" = l."id" WHERE l."contentId" = new."id";
END;

-- Every value an item or tag takes has a code before the listing row changes.
DROP TRIGGER IF EXISTS "ContentItem_listing_insert";
CREATE TRIGGER "ContentItem_listing_insert" AFTER INSERT ON "ContentItem" BEGIN
    INSERT OR IGNORE INTO "SearchFacetCode" ("kind", "value") VALUES ('s', new."status"), ('t', new."type"), ('a', new."authorId");
    INSERT INTO "ContentListing" ("contentId", "status", "updatedAt", "searchTitle", "type", "authorId", "createdAt", "publishedAt")
    VALUES (new."id", new."status", new."updatedAt", lower(new."title") || char(31, 31), new."type", new."authorId", new."createdAt", new."publishedAt");
END;
DROP TRIGGER IF EXISTS "ContentItem_listing_update";
CREATE TRIGGER "ContentItem_listing_update" AFTER UPDATE ON "ContentItem" BEGIN
    INSERT OR IGNORE INTO "SearchFacetCode" ("kind", "value") VALUES ('s', new."status"), ('t', new."type"), ('a', new."authorId");
    UPDATE "ContentListing"
    SET "contentId" = new."id", "status" = new."status", "updatedAt" = new."updatedAt", "searchTitle" = lower(new."title") || char(31, 31),
        "type" = new."type", "authorId" = new."authorId", "createdAt" = new."createdAt", "publishedAt" = new."publishedAt"
    WHERE "contentId" = old."id";
END;
DROP TRIGGER IF EXISTS "ContentTag_listing_insert";
CREATE TRIGGER "ContentTag_listing_insert" AFTER INSERT ON "ContentTag" BEGIN
    INSERT OR IGNORE INTO "SearchFacetCode" ("kind", "value") VALUES ('g', new."name");
    UPDATE "ContentListing"
    SET "searchTags" = COALESCE((SELECT group_concat(lower(t."name") || char(31, 31), '') FROM "ContentTag" t WHERE t."contentId" = new."contentId"), '')
    WHERE "contentId" = new."contentId";
END;
DROP TRIGGER IF EXISTS "ContentTag_listing_update";
CREATE TRIGGER "ContentTag_listing_update" AFTER UPDATE ON "ContentTag" BEGIN
    INSERT OR IGNORE INTO "SearchFacetCode" ("kind", "value") VALUES ('g', new."name");
    UPDATE "ContentListing"
    SET "searchTags" = COALESCE((SELECT group_concat(lower(t."name") || char(31, 31), '') FROM "ContentTag" t WHERE t."contentId" = "ContentListing"."contentId"), '')
    WHERE "contentId" IN (old."contentId", new."contentId");
END;
-- A tag renamed in case only ("SEO" to "Seo") leaves searchTags as it was: its items are indexed again here.
CREATE TRIGGER "ContentTag_facets_rename" AFTER UPDATE OF "name" ON "ContentTag"
WHEN old."name" IS NOT new."name" AND lower(old."name") = lower(new."name") BEGIN
    -- Its own code first: the triggers on one statement run in no promised order.
    INSERT OR IGNORE INTO "SearchFacetCode" ("kind", "value") VALUES ('g', new."name");
    DELETE FROM "ContentSearch" WHERE "rowid" = (SELECT "id" FROM "ContentListing" WHERE "contentId" = new."contentId");
    INSERT INTO "ContentSearch" ("rowid", "searchTitle", "searchTags", "searchFacets")
    SELECT l."id", l."searchTitle", l."searchTags", f."facets" FROM "ContentListing" l JOIN "ContentListingFacets" f ON f."id" = l."id" WHERE l."contentId" = new."contentId";
    DELETE FROM "ContentBody" WHERE "rowid" = (SELECT "id" FROM "ContentListing" WHERE "contentId" = new."contentId");
    INSERT INTO "ContentBody" ("rowid", "body", "facets")
    SELECT l."id", c."body", f."facets" FROM "ContentListing" l JOIN "ContentItem" c ON c."id" = l."contentId" JOIN "ContentListingFacets" f ON f."id" = l."id"
    WHERE l."contentId" = new."contentId";
END;

-- The content version's triggers (decision 026)
CREATE TRIGGER "SearchFacetCode_revision_insert" AFTER INSERT ON "SearchFacetCode"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "SearchFacetCode_revision_update" AFTER UPDATE ON "SearchFacetCode"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "SearchFacetCode_revision_delete" AFTER DELETE ON "SearchFacetCode"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;

-- Each item's month of last update as one more filter token in both full-text indexes (decision 034):
-- a body-only page of a common word, newest first, reads only the recent months' matches instead of
-- building the set of all of them. The token is one private-use character per month since January 2000:
--   char(62000 + (year - 2000) * 12 + month - 1), kept within 62000..63700
-- (app/domain/search-text.ts writes the same with monthToken). No other token is one character long.
DROP VIEW "ContentListingFacets";
CREATE VIEW "ContentListingFacets" AS
SELECT l."id", COALESCE((
    SELECT group_concat(char(57344 + instr('stag', f."kind") - 1, 57600 + f."id" / 2000, 59600 + f."id" % 2000), ' ')
    FROM "SearchFacetCode" f
    WHERE (f."kind" = 's' AND f."value" = l."status") OR (f."kind" = 't' AND f."value" = l."type") OR (f."kind" = 'a' AND f."value" = l."authorId")
       OR (f."kind" = 'g' AND f."value" IN (SELECT t."name" FROM "ContentTag" t WHERE t."contentId" = l."contentId"))
), '') || ' ' || char(max(62000, min(63700,
    62000 + (CAST(substr(l."updatedAt", 1, 4) AS INTEGER) - 2000) * 12 + CAST(substr(l."updatedAt", 6, 2) AS INTEGER) - 1))) AS "facets"
FROM "ContentListing" l;

-- An item saved in a new month is indexed again with that month's token.
CREATE TRIGGER "ContentListing_month_facets" AFTER UPDATE OF "updatedAt" ON "ContentListing"
WHEN substr(old."updatedAt", 1, 7) IS NOT substr(new."updatedAt", 1, 7) BEGIN
    DELETE FROM "ContentSearch" WHERE "rowid" = old."id";
    INSERT INTO "ContentSearch" ("rowid", "searchTitle", "searchTags", "searchFacets")
    VALUES (new."id", new."searchTitle", new."searchTags", (SELECT "facets" FROM "ContentListingFacets" WHERE "id" = new."id"));
    DELETE FROM "ContentBody" WHERE "rowid" = old."id";
    INSERT INTO "ContentBody" ("rowid", "body", "facets")
    SELECT new."id", c."body", (SELECT "facets" FROM "ContentListingFacets" WHERE "id" = new."id") FROM "ContentItem" c WHERE c."id" = new."contentId";
END;

-- Every item indexed again with its month.
INSERT INTO "ContentSearch" ("ContentSearch") VALUES ('delete-all');
INSERT INTO "ContentSearch" ("rowid", "searchTitle", "searchTags", "searchFacets")
SELECT l."id", l."searchTitle", l."searchTags", f."facets" FROM "ContentListing" l JOIN "ContentListingFacets" f ON f."id" = l."id";
INSERT INTO "ContentBody" ("ContentBody") VALUES ('delete-all');
INSERT INTO "ContentBody" ("rowid", "body", "facets")
SELECT l."id", c."body", f."facets" FROM "ContentListing" l JOIN "ContentItem" c ON c."id" = l."contentId" JOIN "ContentListingFacets" f ON f."id" = l."id";

-- One segment each, as an index built row by row over time ends up: rebuilt in one go, the indexes'
-- many segments made the counts per filter value twice as slow (decision 034).
INSERT INTO "ContentSearch" ("ContentSearch") VALUES ('optimize');
INSERT INTO "ContentBody" ("ContentBody") VALUES ('optimize');

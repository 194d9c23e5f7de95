-- Library search and sorting at scale (see docs/decisions/004-library-search-at-scale.md).
-- These tables live only in SQL: schema.prisma does not know them, app/models/content-search.server.ts
-- reads them with $queryRaw, and triggers keep them in step with ContentItem, ContentTag and ContentMetric.
-- A later migration that redefines one of those tables (Prisma's create-copy-drop-rename) drops that
-- table's triggers with it: such a migration must create them again (tests/library-search.test.ts checks).

-- One row per item: a stable integer key for the full-text index (ContentItem's own rowid may change on
-- VACUUM), the library's filter and sort keys, all-time views as a running total, and the searchable text.
-- searchTitle and searchTags hold the title and each tag lower-cased (ASCII; the index folds the rest),
-- each followed by two char(31): the search box never sends control characters, so no match spans two
-- tags, and every character of the text starts a trigram, which 1–2 character searches rely on.
CREATE TABLE "ContentListing" (
    "id" INTEGER NOT NULL PRIMARY KEY,
    "contentId" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "updatedAt" DATETIME NOT NULL,
    "views" INTEGER NOT NULL DEFAULT 0,
    "searchTitle" TEXT NOT NULL,
    "searchTags" TEXT NOT NULL DEFAULT ''
);
CREATE UNIQUE INDEX "ContentListing_contentId_key" ON "ContentListing"("contentId");
CREATE INDEX "ContentListing_updatedAt_idx" ON "ContentListing"("updatedAt");
CREATE INDEX "ContentListing_status_updatedAt_idx" ON "ContentListing"("status", "updatedAt");
CREATE INDEX "ContentListing_views_idx" ON "ContentListing"("views");
CREATE INDEX "ContentListing_status_views_idx" ON "ContentListing"("status", "views");

-- Trigrams of title and tags, case-folded (Unicode): a search of 3+ characters is an index lookup.
-- External content: the text is stored once, in ContentListing.
CREATE VIRTUAL TABLE "ContentSearch" USING fts5(
    "searchTitle", "searchTags",
    content = 'ContentListing', content_rowid = 'id', tokenize = 'trigram'
);
-- The index's distinct trigrams, to expand a 1–2 character search into the trigrams that start with it.
CREATE VIRTUAL TABLE "ContentSearchTerms" USING fts5vocab('ContentSearch', 'row');

-- Backfill what is already there, then build the index from it.
INSERT INTO "ContentListing" ("contentId", "status", "updatedAt", "views", "searchTitle", "searchTags")
SELECT c."id", c."status", c."updatedAt",
       COALESCE((SELECT SUM(m."views") FROM "ContentMetric" m WHERE m."contentId" = c."id"), 0),
       lower(c."title") || char(31, 31),
       COALESCE((SELECT group_concat(lower(t."name") || char(31, 31), '') FROM "ContentTag" t WHERE t."contentId" = c."id"), '')
FROM "ContentItem" c
ORDER BY c."createdAt", c."id";
INSERT INTO "ContentSearch" ("ContentSearch") VALUES ('rebuild');

-- ContentListing → ContentSearch (external content must be told the old text to remove it).
CREATE TRIGGER "ContentListing_search_insert" AFTER INSERT ON "ContentListing" BEGIN
    INSERT INTO "ContentSearch" ("rowid", "searchTitle", "searchTags") VALUES (new."id", new."searchTitle", new."searchTags");
END;

CREATE TRIGGER "ContentListing_search_update" AFTER UPDATE OF "searchTitle", "searchTags" ON "ContentListing"
WHEN old."searchTitle" IS NOT new."searchTitle" OR old."searchTags" IS NOT new."searchTags" BEGIN
    INSERT INTO "ContentSearch" ("ContentSearch", "rowid", "searchTitle", "searchTags") VALUES ('delete', old."id", old."searchTitle", old."searchTags");
    INSERT INTO "ContentSearch" ("rowid", "searchTitle", "searchTags") VALUES (new."id", new."searchTitle", new."searchTags");
END;

CREATE TRIGGER "ContentListing_search_delete" AFTER DELETE ON "ContentListing" BEGIN
    INSERT INTO "ContentSearch" ("ContentSearch", "rowid", "searchTitle", "searchTags") VALUES ('delete', old."id", old."searchTitle", old."searchTags");
END;

-- ContentItem → ContentListing.
CREATE TRIGGER "ContentItem_listing_insert" AFTER INSERT ON "ContentItem" BEGIN
    INSERT INTO "ContentListing" ("contentId", "status", "updatedAt", "searchTitle")
    VALUES (new."id", new."status", new."updatedAt", lower(new."title") || char(31, 31));
END;

CREATE TRIGGER "ContentItem_listing_update" AFTER UPDATE ON "ContentItem" BEGIN
    UPDATE "ContentListing"
    SET "contentId" = new."id", "status" = new."status", "updatedAt" = new."updatedAt", "searchTitle" = lower(new."title") || char(31, 31)
    WHERE "contentId" = old."id";
END;

CREATE TRIGGER "ContentItem_listing_delete" AFTER DELETE ON "ContentItem" BEGIN
    DELETE FROM "ContentListing" WHERE "contentId" = old."id";
END;

-- ContentTag → ContentListing: any change rewrites the item's tag text from its current tags.
CREATE TRIGGER "ContentTag_listing_insert" AFTER INSERT ON "ContentTag" BEGIN
    UPDATE "ContentListing"
    SET "searchTags" = COALESCE((SELECT group_concat(lower(t."name") || char(31, 31), '') FROM "ContentTag" t WHERE t."contentId" = new."contentId"), '')
    WHERE "contentId" = new."contentId";
END;

CREATE TRIGGER "ContentTag_listing_update" AFTER UPDATE ON "ContentTag" BEGIN
    UPDATE "ContentListing"
    SET "searchTags" = COALESCE((SELECT group_concat(lower(t."name") || char(31, 31), '') FROM "ContentTag" t WHERE t."contentId" = "ContentListing"."contentId"), '')
    WHERE "contentId" IN (old."contentId", new."contentId");
END;

CREATE TRIGGER "ContentTag_listing_delete" AFTER DELETE ON "ContentTag" BEGIN
    UPDATE "ContentListing"
    SET "searchTags" = COALESCE((SELECT group_concat(lower(t."name") || char(31, 31), '') FROM "ContentTag" t WHERE t."contentId" = old."contentId"), '')
    WHERE "contentId" = old."contentId";
END;

-- ContentMetric → ContentListing.views, so "most viewed" walks an index instead of summing every day.
CREATE TRIGGER "ContentMetric_listing_insert" AFTER INSERT ON "ContentMetric" BEGIN
    UPDATE "ContentListing" SET "views" = "views" + new."views" WHERE "contentId" = new."contentId";
END;

CREATE TRIGGER "ContentMetric_listing_update" AFTER UPDATE OF "views", "contentId" ON "ContentMetric" BEGIN
    UPDATE "ContentListing" SET "views" = "views" - old."views" WHERE "contentId" = old."contentId";
    UPDATE "ContentListing" SET "views" = "views" + new."views" WHERE "contentId" = new."contentId";
END;

CREATE TRIGGER "ContentMetric_listing_delete" AFTER DELETE ON "ContentMetric" BEGIN
    UPDATE "ContentListing" SET "views" = "views" - old."views" WHERE "contentId" = old."contentId";
END;

-- The library's body search and deep pages on PostgreSQL (issue 38). PostgreSQL only.
-- 1. Each listing row keeps its item's body words (the tsvector the search reads), so a search walks
--    the listing in its order and tests each row's stored words, instead of joining the item and
--    computing its words from the body on every row.
ALTER TABLE "ContentListing" ADD COLUMN "bodyWords" tsvector NOT NULL DEFAULT ''::tsvector;
UPDATE "ContentListing" l SET "bodyWords" = studio_body_words(c."body") FROM "ContentItem" c WHERE c."id" = l."contentId";
CREATE INDEX "ContentListing_bodyWords_idx" ON "ContentListing" USING gin ("bodyWords");
DROP INDEX "ContentItem_body_words_idx";

CREATE OR REPLACE FUNCTION studio_item_listing() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO "SearchFacetCode" ("kind", "value") VALUES ('s', new."status"), ('t', new."type"), ('a', new."authorId")
    ON CONFLICT DO NOTHING;
    IF TG_OP = 'INSERT' THEN
        INSERT INTO "ContentListing" ("contentId", "status", "updatedAt", "searchTitle", "type", "authorId", "createdAt", "publishedAt", "bodyWords")
        VALUES (new."id", new."status", new."updatedAt", studio_search_text(new."title"), new."type", new."authorId", new."createdAt", new."publishedAt",
                studio_body_words(new."body"));
    ELSE
        UPDATE "ContentListing"
        SET "contentId" = new."id", "status" = new."status", "updatedAt" = new."updatedAt", "searchTitle" = studio_search_text(new."title"),
            "type" = new."type", "authorId" = new."authorId", "createdAt" = new."createdAt", "publishedAt" = new."publishedAt",
            "bodyWords" = CASE WHEN new."body" IS DISTINCT FROM old."body" THEN studio_body_words(new."body") ELSE "bodyWords" END
        WHERE "contentId" = old."id";
    END IF;
    RETURN NULL;
END $$;

-- 2. A page far down the list counts its way there through an index that holds what it returns: the
--    order's columns and the item id, read without visiting the table.
CREATE INDEX "ContentListing_updatedAt_id_contentId_idx" ON "ContentListing" ("updatedAt", "id") INCLUDE ("contentId");
CREATE INDEX "ContentListing_views_id_contentId_idx" ON "ContentListing" ("views", "id") INCLUDE ("contentId");

-- Filled by db:copy (which copies the listing as it is, triggers off): the words of every listed item.
CREATE FUNCTION studio_listing_body_words() RETURNS void LANGUAGE sql AS $$
    UPDATE "ContentListing" l SET "bodyWords" = studio_body_words(c."body") FROM "ContentItem" c WHERE c."id" = l."contentId"
$$;

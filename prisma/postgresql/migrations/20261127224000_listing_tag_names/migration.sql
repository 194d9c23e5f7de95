-- The library's tag filter on PostgreSQL (issue 38). PostgreSQL only: each listing row keeps its item's
-- tag names as an array with a GIN index, so "tagged SEO" is a test on the row (and an index) instead
-- of a lookup in ContentTag for every row the list walks.
ALTER TABLE "ContentListing" ADD COLUMN "tagNames" text[] NOT NULL DEFAULT '{}';

CREATE FUNCTION studio_tag_names_of(item text) RETURNS text[] LANGUAGE sql STABLE AS $$
    SELECT ARRAY(SELECT t."name" FROM "ContentTag" t WHERE t."contentId" = item ORDER BY t."name" COLLATE "C")
$$;
UPDATE "ContentListing" SET "tagNames" = studio_tag_names_of("contentId");
CREATE INDEX "ContentListing_tagNames_idx" ON "ContentListing" USING gin ("tagNames");

CREATE OR REPLACE FUNCTION studio_tag_listing() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP <> 'DELETE' THEN
        INSERT INTO "SearchFacetCode" ("kind", "value") VALUES ('g', new."name") ON CONFLICT DO NOTHING;
        UPDATE "ContentListing" SET "searchTags" = studio_tags_of(new."contentId"), "tagNames" = studio_tag_names_of(new."contentId")
        WHERE "contentId" = new."contentId";
    END IF;
    IF TG_OP <> 'INSERT' THEN
        UPDATE "ContentListing" SET "searchTags" = studio_tags_of(old."contentId"), "tagNames" = studio_tag_names_of(old."contentId")
        WHERE "contentId" = old."contentId";
    END IF;
    RETURN NULL;
END $$;

-- What only PostgreSQL's listing keeps, filled for every item (db:copy copies the listing with the
-- triggers off): the body words and the tag names.
DROP FUNCTION studio_listing_body_words();
CREATE FUNCTION studio_listing_derived() RETURNS void LANGUAGE sql AS $$
    UPDATE "ContentListing" l SET "bodyWords" = studio_body_words(c."body"), "tagNames" = studio_tag_names_of(l."contentId")
    FROM "ContentItem" c WHERE c."id" = l."contentId"
$$;

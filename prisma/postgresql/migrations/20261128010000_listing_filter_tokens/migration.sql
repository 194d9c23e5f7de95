-- The library's filters as one array on PostgreSQL (decision 060), the twin of SQLite's filter tokens
-- (decision 031): status, type, author and tags, each as "<kind>:<value>", in a GIN index. A chosen
-- tag with a type or a status is one index lookup that intersects them, where three bitmaps of
-- 10,000-25,000 rows each were read and ANDed. Generated from the listing's own columns, so the
-- triggers and db:copy keep it without a change.
CREATE FUNCTION studio_filter_tokens(status text, type text, author text, tags text[]) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT ARRAY['s:' || status, 't:' || type, 'a:' || author] || ARRAY(SELECT 'g:' || t FROM unnest(tags) t)
$$;
ALTER TABLE "ContentListing" ADD COLUMN "filterTokens" text[]
    GENERATED ALWAYS AS (studio_filter_tokens("status", "type", "authorId", "tagNames")) STORED;
CREATE INDEX "ContentListing_filterTokens_idx" ON "ContentListing" USING gin ("filterTokens");
-- The tag filter reads the tokens now.
DROP INDEX "ContentListing_tagNames_idx";

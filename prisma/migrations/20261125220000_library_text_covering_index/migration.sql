-- The library's titles and tags in their own index (decision 031): a short term most items contain is
-- counted by reading every title, and this index holds them in about 40 % of the table's pages.
CREATE INDEX "ContentListing_searchTitle_searchTags_idx" ON "ContentListing"("searchTitle", "searchTags");

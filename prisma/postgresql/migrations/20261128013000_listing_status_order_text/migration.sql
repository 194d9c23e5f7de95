-- A search within one status walks that status's list checking each item's title and tags: the
-- status order indexes now hold them too, so the walk reads the index alone (decision 058). They
-- replace the indexes of migration 20261127223000_listing_status_order, which held only the item id.
DROP INDEX "ContentListing_status_updatedAt_id_contentId_idx";
DROP INDEX "ContentListing_status_views_id_contentId_idx";
CREATE INDEX "ContentListing_status_updatedAt_id_text_idx" ON "ContentListing" ("status", "updatedAt", "id")
    INCLUDE ("contentId", "searchTitle", "searchTags");
CREATE INDEX "ContentListing_status_views_id_text_idx" ON "ContentListing" ("status", "views", "id")
    INCLUDE ("contentId", "searchTitle", "searchTags");

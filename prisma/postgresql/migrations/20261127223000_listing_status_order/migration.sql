-- A status's page far down its list, by last update or by views, counts its way there through an
-- index that holds the order's columns and the item id, without visiting the table. PostgreSQL only.
CREATE INDEX "ContentListing_status_updatedAt_id_contentId_idx" ON "ContentListing" ("status", "updatedAt", "id") INCLUDE ("contentId");
CREATE INDEX "ContentListing_status_views_id_contentId_idx" ON "ContentListing" ("status", "views", "id") INCLUDE ("contentId");

-- CreateIndex
CREATE INDEX "ContentListing_contentId_status_type_authorId_idx" ON "ContentListing"("contentId", "status", "type", "authorId");


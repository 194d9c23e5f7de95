-- DropIndex
DROP INDEX "ContentTag_name_idx";

-- CreateIndex
CREATE INDEX "ContentTag_name_contentId_idx" ON "ContentTag"("name", "contentId");

-- CreateIndex
CREATE INDEX "ContentListing_type_authorId_idx" ON "ContentListing"("type", "authorId");


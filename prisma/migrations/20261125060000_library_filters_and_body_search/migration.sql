-- The library's More Filters and body search (decision 018).
-- Columns are added in place (not Prisma's create-copy-drop-rename), so ContentListing keeps its triggers.
ALTER TABLE "ContentListing" ADD COLUMN "type" TEXT NOT NULL DEFAULT '';
ALTER TABLE "ContentListing" ADD COLUMN "authorId" TEXT NOT NULL DEFAULT '';
ALTER TABLE "ContentListing" ADD COLUMN "createdAt" DATETIME;
ALTER TABLE "ContentListing" ADD COLUMN "publishedAt" DATETIME;

UPDATE "ContentListing"
SET ("type", "authorId", "createdAt", "publishedAt") = (
    SELECT c."type", c."authorId", c."createdAt", c."publishedAt" FROM "ContentItem" c WHERE c."id" = "ContentListing"."contentId"
);

CREATE INDEX "ContentListing_type_updatedAt_idx" ON "ContentListing"("type", "updatedAt");
CREATE INDEX "ContentListing_authorId_updatedAt_idx" ON "ContentListing"("authorId", "updatedAt");
CREATE INDEX "ContentListing_createdAt_idx" ON "ContentListing"("createdAt");
CREATE INDEX "ContentListing_publishedAt_idx" ON "ContentListing"("publishedAt");

DROP TRIGGER IF EXISTS "ContentItem_listing_insert";
CREATE TRIGGER "ContentItem_listing_insert" AFTER INSERT ON "ContentItem" BEGIN
    INSERT INTO "ContentListing" ("contentId", "status", "updatedAt", "searchTitle", "type", "authorId", "createdAt", "publishedAt")
    VALUES (new."id", new."status", new."updatedAt", lower(new."title") || char(31, 31), new."type", new."authorId", new."createdAt", new."publishedAt");
END;
DROP TRIGGER IF EXISTS "ContentItem_listing_update";
CREATE TRIGGER "ContentItem_listing_update" AFTER UPDATE ON "ContentItem" BEGIN
    UPDATE "ContentListing"
    SET "contentId" = new."id", "status" = new."status", "updatedAt" = new."updatedAt", "searchTitle" = lower(new."title") || char(31, 31),
        "type" = new."type", "authorId" = new."authorId", "createdAt" = new."createdAt", "publishedAt" = new."publishedAt"
    WHERE "contentId" = old."id";
END;

-- Body text: words (unicode61, accents folded), contentless (the text stays in ContentItem), keyed by ContentListing.id.
CREATE VIRTUAL TABLE "ContentBody" USING fts5(
    "body", content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2', prefix='2 3'
);
INSERT INTO "ContentBody" ("rowid", "body")
SELECT l."id", c."body" FROM "ContentListing" l JOIN "ContentItem" c ON c."id" = l."contentId";

-- ContentListing insert runs inside ContentItem's insert, after the item row exists.
CREATE TRIGGER "ContentListing_body_insert" AFTER INSERT ON "ContentListing" BEGIN
    INSERT INTO "ContentBody" ("rowid", "body") SELECT new."id", c."body" FROM "ContentItem" c WHERE c."id" = new."contentId";
END;
CREATE TRIGGER "ContentListing_body_delete" AFTER DELETE ON "ContentListing" BEGIN
    DELETE FROM "ContentBody" WHERE "rowid" = old."id";
END;
CREATE TRIGGER "ContentItem_body_update" AFTER UPDATE OF "body" ON "ContentItem" WHEN old."body" IS NOT new."body" BEGIN
    DELETE FROM "ContentBody" WHERE "rowid" = (SELECT "id" FROM "ContentListing" WHERE "contentId" = new."id");
    INSERT INTO "ContentBody" ("rowid", "body") SELECT l."id", new."body" FROM "ContentListing" l WHERE l."contentId" = new."id";
END;

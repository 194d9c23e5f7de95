-- CreateTable
CREATE TABLE "ContentDoc" (
    "contentId" TEXT NOT NULL PRIMARY KEY,
    "state" BLOB NOT NULL,
    "version" INTEGER NOT NULL,
    "updatedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ContentDoc_contentId_fkey" FOREIGN KEY ("contentId") REFERENCES "ContentItem" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);


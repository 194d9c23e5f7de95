-- CreateTable
CREATE TABLE "UploadBlob" (
    "sha256" TEXT NOT NULL PRIMARY KEY,
    "bytes" BLOB NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);


-- The content version (decision 026)
CREATE TRIGGER "UploadBlob_revision_insert" AFTER INSERT ON "UploadBlob"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "UploadBlob_revision_update" AFTER UPDATE ON "UploadBlob"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "UploadBlob_revision_delete" AFTER DELETE ON "UploadBlob"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;

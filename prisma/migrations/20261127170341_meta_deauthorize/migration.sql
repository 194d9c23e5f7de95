-- AlterTable
ALTER TABLE "Integration" ADD COLUMN "networkUserId" TEXT;

-- CreateTable
CREATE TABLE "DataDeletion" (
    "code" TEXT NOT NULL PRIMARY KEY,
    "doneAt" DATETIME NOT NULL
);


-- The content version's triggers (decision 026)
CREATE TRIGGER "DataDeletion_revision_insert" AFTER INSERT ON "DataDeletion"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "DataDeletion_revision_update" AFTER UPDATE ON "DataDeletion"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "DataDeletion_revision_delete" AFTER DELETE ON "DataDeletion"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;

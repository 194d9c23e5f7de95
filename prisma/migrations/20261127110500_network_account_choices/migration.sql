-- CreateTable
CREATE TABLE "NetworkAccountChoice" (
    "network" TEXT NOT NULL,
    "sessionId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "accountsEnc" TEXT NOT NULL,
    "expiresAt" DATETIME NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("network", "sessionId")
);


-- The content version's triggers (decision 026)
CREATE TRIGGER "NetworkAccountChoice_revision_insert" AFTER INSERT ON "NetworkAccountChoice"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "NetworkAccountChoice_revision_update" AFTER UPDATE ON "NetworkAccountChoice"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "NetworkAccountChoice_revision_delete" AFTER DELETE ON "NetworkAccountChoice"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;

-- CreateTable
CREATE TABLE "ApprovalChain" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "scopeKind" TEXT NOT NULL,
    "scopeValue" TEXT NOT NULL DEFAULT '',
    "steps" TEXT NOT NULL DEFAULT '[]',
    "reminderHours" INTEGER NOT NULL DEFAULT 24,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "ApprovalRequest" (
    "contentId" TEXT NOT NULL PRIMARY KEY,
    "chainName" TEXT NOT NULL,
    "steps" TEXT NOT NULL,
    "requesterId" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "startedAt" DATETIME NOT NULL,
    "reminderHours" INTEGER NOT NULL DEFAULT 0,
    "remindedAt" DATETIME,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "ApprovalRequest_contentId_fkey" FOREIGN KEY ("contentId") REFERENCES "ContentItem" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ApprovalDecision" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "contentId" TEXT NOT NULL,
    "step" INTEGER NOT NULL,
    "actorId" TEXT NOT NULL,
    "actorName" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "external" BOOLEAN NOT NULL DEFAULT false,
    "kind" TEXT NOT NULL,
    "fingerprint" TEXT NOT NULL,
    "note" TEXT NOT NULL DEFAULT '',
    "quote" TEXT NOT NULL DEFAULT '',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ApprovalDecision_contentId_fkey" FOREIGN KEY ("contentId") REFERENCES "ContentItem" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ReviewLink" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "contentId" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "createdById" TEXT NOT NULL,
    "fingerprint" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" DATETIME NOT NULL,
    "revokedAt" DATETIME,
    CONSTRAINT "ReviewLink_contentId_fkey" FOREIGN KEY ("contentId") REFERENCES "ContentItem" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "ApprovalDecision_contentId_createdAt_idx" ON "ApprovalDecision"("contentId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "ReviewLink_tokenHash_key" ON "ReviewLink"("tokenHash");

-- CreateIndex
CREATE INDEX "ReviewLink_contentId_idx" ON "ReviewLink"("contentId");


-- The content version's triggers (decision 026)
CREATE TRIGGER "ApprovalChain_revision_insert" AFTER INSERT ON "ApprovalChain"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "ApprovalChain_revision_update" AFTER UPDATE ON "ApprovalChain"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "ApprovalChain_revision_delete" AFTER DELETE ON "ApprovalChain"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "ApprovalRequest_revision_insert" AFTER INSERT ON "ApprovalRequest"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "ApprovalRequest_revision_update" AFTER UPDATE ON "ApprovalRequest"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "ApprovalRequest_revision_delete" AFTER DELETE ON "ApprovalRequest"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "ApprovalDecision_revision_insert" AFTER INSERT ON "ApprovalDecision"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "ApprovalDecision_revision_update" AFTER UPDATE ON "ApprovalDecision"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "ApprovalDecision_revision_delete" AFTER DELETE ON "ApprovalDecision"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "ReviewLink_revision_insert" AFTER INSERT ON "ReviewLink"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "ReviewLink_revision_update" AFTER UPDATE ON "ReviewLink"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "ReviewLink_revision_delete" AFTER DELETE ON "ReviewLink"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;

-- Memberships (decision 073): a person's role is per workspace. Each member of the first workspace
-- keeps the role and status they had; the account keeps only whether it can sign in.
CREATE TABLE "Membership" (
    "userId" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'active',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "workspaceId" TEXT NOT NULL DEFAULT '',

    PRIMARY KEY ("workspaceId", "userId"),
    CONSTRAINT "Membership_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "Membership_userId_idx" ON "Membership"("userId");
INSERT INTO "Membership" ("userId", "role", "status", "createdAt", "workspaceId")
SELECT "id", "role", "status", "createdAt", 'first' FROM "User";
ALTER TABLE "User" DROP COLUMN "role";
ALTER TABLE "User" ADD COLUMN "isOwner" BOOLEAN NOT NULL DEFAULT false;
-- The first Admin runs the instance.
UPDATE "User" SET "isOwner" = true WHERE "id" = (
    SELECT "userId" FROM "Membership" WHERE "role" = 'Admin' AND "status" = 'active' ORDER BY "createdAt", "userId" LIMIT 1);
CREATE TRIGGER "Membership_revision_insert" AFTER INSERT ON "Membership"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "Membership_revision_update" AFTER UPDATE ON "Membership"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "Membership_revision_delete" AFTER DELETE ON "Membership"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "Workspace_revision_insert" AFTER INSERT ON "Workspace"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "Workspace_revision_update" AFTER UPDATE ON "Workspace"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "Workspace_revision_delete" AFTER DELETE ON "Workspace"
BEGIN UPDATE "DataRevision" SET "n" = "n" + 1 WHERE "id" = 1; END;
